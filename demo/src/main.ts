/**
 * The demo page: every idlens component, the key fields of each result next to the image it came
 * from (with the detection outline), the raw JSON, the time each result took, a whole transaction,
 * and the switch between recognition in this browser and on the server.
 */
import '@idlens/web-components';
import type { IdlensResultEvent, IdlensErrorEvent, IdlensProgressEvent, ScannerElement, IdlensTransaction } from '@idlens/web-components';
import { displayedJson, keyFields, outlines } from './key-fields.ts';

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
const scanners = [...document.querySelectorAll<ScannerElement<{ recognitionStatus: string }> | IdlensTransaction>('[data-component]')];

// --- the result panel ---
/** The last result of each tab, so switching tabs and back shows it again. */
const lastResults = new Map<string, IdlensResultEvent>();
const resultPanel = $<HTMLElement>('#result');
const fieldsList = $<HTMLDListElement>('#fields');
const json = $<HTMLPreElement>('#json');
const timing = $<HTMLElement>('#timing');
const previews = $<HTMLElement>('#previews');
const progress = $<HTMLElement>('#progress');
const problem = $<HTMLElement>('#problem');

function clearResult(hint: string): void {
  resultPanel.dataset.state = 'empty';
  $('#result-hint').textContent = hint;
  fieldsList.replaceChildren();
  previews.replaceChildren();
  json.textContent = '';
  timing.textContent = '';
  problem.textContent = '';
}

// --- the customer proxy: same host name as the page (localhost or 127.0.0.1), its own port ---
async function proxyUrl(): Promise<string> {
  const config = await fetch('app/config.json').then(
    (r) => (r.ok ? (r.json() as Promise<{ proxyPort?: number }>) : {}),
    () => ({}),
  );
  const port = (config as { proxyPort?: number }).proxyPort ?? Number(location.port || 80) + 1;
  return `${location.protocol}//${location.hostname}:${port}`;
}
void proxyUrl().then((url) => {
  for (const flow of document.querySelectorAll<IdlensTransaction>('idlens-transaction')) flow.proxyUrl = url;
});

// --- tabs (WAI-ARIA tabs pattern: arrows move, Home/End jump) ---
const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role=tab]')];
function selectTab(tab: HTMLButtonElement, focus = false): void {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(t.getAttribute('aria-controls')!)!;
    panel.hidden = !selected;
    // A hidden scanner must not keep the camera.
    if (!selected) panel.querySelector<ScannerElement<{ recognitionStatus: string }>>('[data-component]')?.stop?.();
  }
  if (focus) tab.focus();
  history.replaceState(null, '', `#${tab.dataset.tab}`);
  clearResult(
    tab.dataset.tab === 'transaction'
      ? 'Run the verification flow to see its outcome here.'
      : 'Scan with the camera or upload a photo: the result appears here.',
  );
  const last = lastResults.get(tab.dataset.tab!);
  if (last) void showResult(last);
}
for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab));
  tab.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    selectTab(tabs[(next + tabs.length) % tabs.length]!, true);
  });
}
selectTab(tabs.find((t) => `#${t.dataset.tab}` === location.hash) ?? tabs[0]!);

// --- recognition mode: in this browser (worker, server as fallback) or on the server ---
function applyMode(): void {
  const mode = $<HTMLInputElement>('input[name=mode]:checked').value as 'auto' | 'server';
  for (const el of scanners) {
    el.mode = mode;
    el.serverUrl = '/';
  }
  $('#mode-note').textContent =
    mode === 'server'
      ? 'Images are sent to this idlens server over HTTP.'
      : 'Images never leave this browser (WASM in a Web Worker); the server is the fallback.';
}
for (const radio of document.querySelectorAll('input[name=mode]')) radio.addEventListener('change', applyMode);
applyMode();

async function drawPreview(image: Blob, boxes: Array<Array<{ x: number; y: number }>>, label: string): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(image);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  ctx.lineWidth = Math.max(3, bitmap.width / 250);
  ctx.strokeStyle = '#22c55e';
  ctx.fillStyle = 'rgba(34, 197, 94, 0.15)';
  for (const box of boxes) {
    ctx.beginPath();
    for (const [i, { x, y }] of box.entries()) {
      if (i) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
    }
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }
  return canvas;
}

const currentTab = () => tabs.find((t) => t.getAttribute('aria-selected') === 'true')?.dataset.tab ?? '';

/** Values longer than this are shortened in the list, with a button that copies all of it. */
const longValue = 160;

function copyable(value: string): Node[] {
  const text = document.createElement('span');
  text.className = 'long-value';
  text.textContent = `${value.slice(0, longValue - 1)}…`;
  text.title = value;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = `Copy all ${value.length} characters`;
  const done = document.createElement('span');
  done.setAttribute('role', 'status');
  done.className = 'copied';
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(value).then(
      () => (done.textContent = 'Copied.'),
      () => (done.textContent = 'Copying is not allowed here; the whole value is in the raw JSON below.'),
    );
  });
  return [text, button, done];
}

async function showResult({ kind, data, images, durationMs, mode, source }: IdlensResultEvent): Promise<void> {
  problem.textContent = '';
  resultPanel.dataset.state = 'filled';
  const fields = keyFields[kind]?.(data as Record<string, unknown>) ?? [];
  fieldsList.replaceChildren(
    ...fields.flatMap(({ label, value, tone, copy }) => {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      if (tone) dd.dataset.tone = tone;
      if (copy && value.length > longValue) dd.append(...copyable(value));
      else dd.textContent = value;
      return [dt, dd];
    }),
  );
  timing.textContent =
    kind === 'transaction'
      ? ''
      : `${durationMs} ms · ${source === 'camera' ? 'camera start → result' : 'photo → result'} · ${mode === 'worker' ? 'in this browser' : 'on the server'}`;
  // The page shows only a card's last four digits: the JSON view too.
  json.textContent = JSON.stringify(displayedJson(kind, data as Record<string, unknown>), null, 2);
  const canvases: HTMLCanvasElement[] = [];
  if (images?.front)
    canvases.push(await drawPreview(images.front, outlines(kind, data as Record<string, unknown>, 'FIRST'), 'Front side with the detected areas outlined'));
  if (images?.back)
    canvases.push(await drawPreview(images.back, outlines(kind, data as Record<string, unknown>, 'SECOND'), 'Back side with the detected areas outlined'));
  previews.replaceChildren(...canvases);
}

document.addEventListener('idlens-result', (event: IdlensResultEvent) => {
  // A transaction step's scanner result is an intermediate: the flow reports its own outcome.
  if (event.kind !== 'transaction' && (event.target as Element).closest('idlens-transaction')) return;
  lastResults.set(currentTab(), event);
  void showResult(event);
});

document.addEventListener('idlens-error', (event: IdlensErrorEvent) => {
  if (event.reason.startsWith('camera-')) return; // the component shows these itself, with the upload fallback
  // The last result was of another image: it must not stay beside this error.
  lastResults.delete(currentTab());
  clearResult('The last attempt failed; scan or upload again.');
  problem.textContent = `${event.code ?? event.reason}: ${event.message}`;
});

// Asset loading gets its own line; it never replaces a result or an error.
document.addEventListener('idlens-progress', (event: IdlensProgressEvent) => {
  const done = event.total !== null && event.loaded >= event.total;
  progress.hidden = done;
  progress.textContent = done
    ? ''
    : `Loading ${event.asset}: ${Math.round(event.loaded / 1024)} KiB${event.total ? ` of ${Math.round(event.total / 1024)} KiB` : ''}`;
});

// The workflow picker of the verification tab.
$<HTMLSelectElement>('#workflow').addEventListener('change', (e) => {
  const flow = $<IdlensTransaction>('idlens-transaction');
  flow.workflowId = (e.target as HTMLSelectElement).value;
  flow.restart();
});
