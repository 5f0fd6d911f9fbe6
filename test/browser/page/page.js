// The page imports nothing but the SDK bundle; tests drive it through `window.idlens`.
import * as idlens from '/sdk/idlens.js';

window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push({ directive: e.effectiveDirective, blockedURI: e.blockedURI, source: e.sourceFile });
});
window.idlens = idlens;
window.pageReady = true;
