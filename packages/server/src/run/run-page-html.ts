import type { RunBranding } from '../links/branding.ts';
import type { RunPageText } from './run-page-text.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values as HTML: everything here comes from an organization's settings or a link. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c]!);
// A function replacer: a `$&` or `$'` in an organization's name is text, not a replacement pattern.
const fill = (text: string, org: string) => escapeHtml(text).replaceAll('{org}', () => escapeHtml(org));

interface PageFrame {
  lang: string;
  text: RunPageText;
  /** The organization (absent on the page of a link that matches none). */
  branding: RunBranding | null;
  /** `/run/{token}`: where the page's theme and logo are (absent: the defaults). */
  linkPath: string | null;
}

function page({ lang, branding, linkPath }: PageFrame, title: string, main: string): string {
  const org = branding?.name ?? '';
  const theme = linkPath && branding?.accentColor ? `\n  <link rel="stylesheet" href="${linkPath}/theme.css">` : '';
  const logo = linkPath && branding?.hasLogo ? `<img class="logo" src="${linkPath}/logo" alt="">` : '';
  const header = org || logo ? `<header class="brand">${logo}<span>${escapeHtml(org)}</span></header>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escapeHtml(org ? `${title} · ${org}` : title)}</title>
  <link rel="icon" href="/run/assets/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/run/assets/run-page.css">${theme}
</head>
<body>
  ${header}
  <main id="main">
${main}
  </main>
</body>
</html>
`;
}

/** The page around `<idlens-transaction>`: its heading and intro, the flow, and the finish (hidden until the run ends). */
function flowPage(
  frame: PageFrame,
  {
    heading,
    intro,
    flowAttributes,
    finishText,
    redirectUrl,
  }: { heading: string; intro: string | null; flowAttributes: string; finishText: string; redirectUrl: string | null },
): string {
  const redirect = redirectUrl ? ` data-redirect-url="${escapeHtml(redirectUrl)}"` : '';
  return page(
    frame,
    heading,
    `    <h1>${escapeHtml(heading)}</h1>
${intro ? `    <p class="intro">${intro}</p>\n` : ''}    <idlens-transaction id="flow" hide-checks ${flowAttributes} lang="${escapeHtml(frame.lang)}"${redirect}></idlens-transaction>
    <section id="finish" class="finish" hidden aria-labelledby="finish-title">
      <h2 id="finish-title" tabindex="-1">${escapeHtml(frame.text.finishTitle)}</h2>
      <p>${finishText}</p>
      <p class="after-redirect" hidden>${escapeHtml(frame.text.redirecting)} <a id="continue" href="">${escapeHtml(frame.text.continue)}</a></p>
      <p class="after-close" hidden>${escapeHtml(frame.text.closePage)}</p>
    </section>
    <script type="module" src="/run/assets/run-page.js"></script>`,
  );
}

/**
 * The run page of a usable link: the organization's name and logo, a heading, and
 * `<idlens-transaction>` talking to `/run/{token}` as its proxy, offering the hand-off to a phone;
 * all the page's words come from the server, in one language.
 */
export function runPageHtml(frame: PageFrame & { workflowId: string; redirectUrl: string | null }): string {
  const org = frame.branding?.name ?? '';
  return flowPage(frame, {
    heading: frame.text.title,
    intro: fill(frame.text.intro, org),
    flowAttributes: `handoff proxy-url="${escapeHtml(frame.linkPath ?? '')}" workflow-id="${escapeHtml(frame.workflowId)}"`,
    finishText: fill(frame.text.finishText, org),
    redirectUrl: frame.redirectUrl,
  });
}

/** The page a hand-off's join URL opens on the other device: the flow continues the transaction there. */
export function joinPageHtml(frame: PageFrame & { joinPath: string }): string {
  return flowPage(frame, {
    heading: frame.text.joinTitle,
    intro: null,
    flowAttributes: `join-url="${escapeHtml(frame.joinPath)}"`,
    finishText: escapeHtml(frame.text.joinFinishText),
    redirectUrl: null,
  });
}

/** Why a link cannot be used, in words for the person who opened it: no ids, no codes, no stack. */
export function unavailablePageHtml(frame: PageFrame, reason: 'expired' | 'revoked' | 'used' | 'unknown'): string {
  const org = frame.branding?.name || '';
  // Without an organization's name, "Ask {org}" would read oddly: the unknown-link text names nobody.
  return unavailablePage(frame, org ? fill(frame.text[reason], org) : fill(frame.text.unknown, ''));
}

/** Why a hand-off's join URL cannot be used. */
export function joinUnavailablePageHtml(frame: PageFrame, reason: 'expired' | 'used' | 'cancelled' | 'unknown'): string {
  const texts = { expired: frame.text.joinExpired, used: frame.text.joinUsed, cancelled: frame.text.joinCancelled, unknown: frame.text.unknown };
  return unavailablePage(frame, escapeHtml(texts[reason]));
}

function unavailablePage(frame: PageFrame, message: string): string {
  return page(
    frame,
    frame.text.unavailableTitle,
    `    <h1>${escapeHtml(frame.text.unavailableTitle)}</h1>
    <p class="unavailable">${message}</p>`,
  );
}
