// Loads the components bundle and keeps every idlens event the stage sees, for the tests to read.
import * as wc from '/sdk/components/idlens-components.js';
import * as sdk from '/sdk/idlens.js';

window.wc = wc;
window.idlens = sdk;
window.events = [];
for (const name of ['idlens-result', 'idlens-error', 'idlens-progress', 'idlens-status']) {
  document.addEventListener(name, (e) => {
    const { kind, data, durationMs, mode, source, reason, code, message, status, detail, asset } = e;
    window.events.push({
      sides: e.images ? Object.keys(e.images).filter((k) => e.images[k]) : null,
      type: name,
      tag: e.target.localName,
      composed: e.composed,
      bubbles: e.bubbles,
      kind,
      data,
      durationMs,
      mode,
      source,
      reason,
      code,
      message,
      status,
      detail,
      asset,
      at: performance.now(),
    });
  });
}
window.componentsReady = true;
