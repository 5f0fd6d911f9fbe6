// `pnpm eval [suite…]`: accuracy on the real photos of ../shared/corpus, measured through the HTTP
// API of a server started on loopback. Writes reports/eval-<time>.{json,md}.
// Held-out typefaces first: fontconfig reads its folders when the renderers first draw text.
import './eval-fonts.ts';
import { runSuites } from '../support/run-suites.ts';
import { evalSuites } from './suites.ts';

runSuites('eval', evalSuites, process.argv.slice(2));
