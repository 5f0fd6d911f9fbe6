/** The console's entry: registers its elements; `<idl-console>` in index.html does the rest. */
import { IdlConsole } from './app.ts';
import { IdlBuilder } from './pages/builder.ts';
import { IdlClients } from './pages/clients.ts';
import { IdlLinks } from './pages/links.ts';
import { IdlNotFound } from './pages/not-found.ts';
import { IdlSignIn } from './pages/sign-in.ts';
import { IdlTransaction } from './pages/transaction.ts';
import { IdlTransactions } from './pages/transactions.ts';
import { IdlWebhooks } from './pages/webhooks.ts';
import { IdlWorkflow } from './pages/workflow.ts';
import { IdlWorkflowImport } from './pages/workflow-import.ts';
import { IdlWorkflows } from './pages/workflows.ts';

const elements: Record<string, CustomElementConstructor> = {
  'idl-console': IdlConsole,
  'idl-sign-in': IdlSignIn,
  'idl-transactions': IdlTransactions,
  'idl-transaction': IdlTransaction,
  'idl-workflows': IdlWorkflows,
  'idl-workflow': IdlWorkflow,
  'idl-workflow-import': IdlWorkflowImport,
  'idl-builder': IdlBuilder,
  'idl-clients': IdlClients,
  'idl-webhooks': IdlWebhooks,
  'idl-links': IdlLinks,
  'idl-not-found': IdlNotFound,
};
for (const [name, element] of Object.entries(elements)) if (!customElements.get(name)) customElements.define(name, element);
