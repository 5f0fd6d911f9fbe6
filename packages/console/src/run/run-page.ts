/**
 * The hosted run page of a verification link (served by the idlens server at `/run/{token}`, which
 * renders the page and its words): `<idlens-transaction>` runs the workflow with `/run/{token}` as
 * its proxy; when the run ends the page shows its finish and, when the link asks for it, sends
 * the end user on to the organization's `redirectUrl` with `?transactionId=…`.
 */
import '@idlens/web-components';
import type { IdlensResultEvent, TransactionOutcome } from '@idlens/web-components';

/** Long enough to read "Thank you", short enough not to wonder; the Continue link goes at once. */
const redirectDelayMs = 1500;

const flow = document.getElementById('flow') as HTMLElement;
const finish = document.getElementById('finish') as HTMLElement;
const intro = document.querySelector<HTMLElement>('.intro');

flow.addEventListener('idlens-result', (event) => {
  const { transactionId } = (event as IdlensResultEvent<TransactionOutcome>).data;
  flow.hidden = true;
  if (intro) intro.hidden = true;
  finish.hidden = false;
  finish.querySelector<HTMLElement>('h2')?.focus();
  const redirect = flow.dataset.redirectUrl;
  if (!redirect) {
    finish.querySelector<HTMLElement>('.after-close')!.hidden = false;
    return;
  }
  const target = new URL(redirect);
  target.searchParams.set('transactionId', transactionId);
  const link = document.getElementById('continue') as HTMLAnchorElement;
  link.href = target.href;
  finish.querySelector<HTMLElement>('.after-redirect')!.hidden = false;
  setTimeout(() => window.location.assign(target.href), redirectDelayMs);
});
