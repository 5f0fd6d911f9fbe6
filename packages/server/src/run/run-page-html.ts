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

/**
 * The run page of a usable link: the organization's name and logo, a heading, and
 * `<idlens-transaction>` talking to `/run/{token}` as its proxy; the finish section (hidden until
 * the run ends) is rendered here so that all the page's words come from the server in one language.
 */
export function runPageHtml(frame: PageFrame & { workflowId: string; redirectUrl: string | null }): string {
  const { text, branding, linkPath, lang } = frame;
  const org = branding?.name ?? '';
  const redirect = frame.redirectUrl ? ` data-redirect-url="${escapeHtml(frame.redirectUrl)}"` : '';
  return page(
    frame,
    text.title,
    `    <h1>${escapeHtml(text.title)}</h1>
    <p class="intro">${fill(text.intro, org)}</p>
    <idlens-transaction id="flow" hide-checks proxy-url="${escapeHtml(linkPath ?? '')}" workflow-id="${escapeHtml(frame.workflowId)}" lang="${escapeHtml(lang)}"${redirect}></idlens-transaction>
    <section id="finish" class="finish" hidden aria-labelledby="finish-title">
      <h2 id="finish-title" tabindex="-1">${escapeHtml(text.finishTitle)}</h2>
      <p>${fill(text.finishText, org)}</p>
      <p class="after-redirect" hidden>${escapeHtml(text.redirecting)} <a id="continue" href="">${escapeHtml(text.continue)}</a></p>
      <p class="after-close" hidden>${escapeHtml(text.closePage)}</p>
    </section>
    <script type="module" src="/run/assets/run-page.js"></script>`,
  );
}

/** Why a link cannot be used, in words for the person who opened it: no ids, no codes, no stack. */
export function unavailablePageHtml(frame: PageFrame, reason: 'expired' | 'revoked' | 'used' | 'unknown'): string {
  const org = frame.branding?.name || '';
  // Without an organization's name, "Ask {org}" would read oddly: the unknown-link text names nobody.
  const message = org ? fill(frame.text[reason], org) : fill(frame.text.unknown, '');
  return page(
    frame,
    frame.text.unavailableTitle,
    `    <h1>${escapeHtml(frame.text.unavailableTitle)}</h1>
    <p class="unavailable">${message}</p>`,
  );
}
