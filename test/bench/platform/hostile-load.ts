// Hostile uploads of issue #56, against a server on loopback: what one ephemeral key, one
// organization, several organizations and anonymous recognition callers can send at once. Used by
// `pnpm bench soak` (its hostile phase) and by test/platform/memory-bound.test.ts; both watch the
// server's peak RSS against the documented bound meanwhile.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { demoDocumentWorkflow } from '../../../packages/server/src/platform/demo/demo-workflows.ts';

export interface HostileLoadOptions {
  /** The server's base URL; its admin API must be on (ADMIN_TOKEN). */
  url: string;
  adminToken: string;
  /** How many times the whole sequence runs (default 2). */
  rounds?: number;
  /**
   * Whether half of the 20 transactions forbid storing (then each submission is recognized at once,
   * seconds of CPU each on one worker) — the bench's full load; the test keeps that to the one-key phase.
   */
  recognizeAll?: boolean;
  /**
   * Whether the 37 MiB recognition bodies carry a 14 MB image of noise (4.8 megapixels to decode and
   * read: the bench) or a small image padded to the same size (the same body memory, read at once: the test).
   */
  noiseImages?: boolean;
  /** Called after each phase (the caller samples the server's memory). */
  afterPhase?: (phase: string) => Promise<void>;
}

/** Answers by status, per kind of attack: every request is answered, none with a 5xx but 503. */
export type HostileResult = Record<string, Record<number, number>>;

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The issue's P: a 6000×6000 black PNG, about 140 KB of Base64 that decodes to 36 megapixels. */
export async function hugeBlackPng(): Promise<string> {
  const png = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** A 37 MiB recognition body: a 14 MB PNG of noise (incompressible, 4.8 megapixels) or a small image, padded with whitespace. */
async function bigRecognitionBody(noise: boolean): Promise<string> {
  const side = noise ? 2200 : 64;
  const image = await sharp(noise ? randomBytes(side * side * 3) : Buffer.alloc(side * side * 3, 128), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const json = JSON.stringify({ image: { imageBase64: image.toString('base64') } });
  return json + ' '.repeat(Math.max(0, 37 * 2 ** 20 - json.length));
}

export async function runHostileLoad({
  url,
  adminToken,
  rounds = 2,
  recognizeAll = true,
  noiseImages = true,
  afterPhase = async () => {},
}: HostileLoadOptions): Promise<HostileResult> {
  const result: HostileResult = {};
  const count = (kind: string, status: number) => {
    const byStatus = result[kind] ?? {};
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    result[kind] = byStatus;
  };
  const call = async (kind: string, path: string, init: RequestInit): Promise<Response | null> => {
    try {
      const res = await fetch(`${url}${path}`, init);
      count(kind, res.status);
      return res;
    } catch {
      // A refused body may be cut off by the server before it was all sent: that is an answer too.
      count(kind, 0);
      return null;
    }
  };
  /** The set-up calls (organizations, transactions); retried when a connection the server cut off under load was reused. */
  const json = async (path: string, authorization: string, body?: unknown): Promise<any> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return await res.json();
      } catch (error) {
        if (attempt >= 5 || !(error instanceof TypeError)) throw error;
      }
    }
  };

  // Four organizations with a client and the document workflow each.
  const admin = `Bearer ${adminToken}`;
  const organizations: string[] = [];
  for (let i = 0; i < 4; i++) {
    const org = await json('/admin/api/v1/organizations', admin, { name: `hostile ${i}` });
    const client = await json(`/admin/api/v1/organizations/${org.organizationId}/clients`, admin, { name: 'attacker' });
    const auth = basic(client.clientId, client.clientSecret);
    await json('/agent/api/v1/workflow', auth, demoDocumentWorkflow);
    organizations.push(auth);
  }
  const create = (auth: string, store: boolean) =>
    json('/agent/api/v1/transaction', auth, {
      workflowId: 'demo-document',
      platform: 'browser',
      sdkVersion: 'hostile',
      formValues: { customerName: 'Mallory' },
      consent: { userId: 'mallory', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: store, isTrainingAllowed: false },
    });

  const p = await hugeBlackPng();
  const step = Buffer.from(JSON.stringify({ images: { front: p, back: p, face: p } }));
  const submit = (kind: string, tx: { transactionId: string; authorization: string }) =>
    call(kind, `/edge/api/v1/transaction/${tx.transactionId}/step/2`, {
      method: 'POST',
      headers: { authorization: tx.authorization, 'content-type': 'application/json' },
      body: step,
    });
  // One buffer for every request: the load generator must not hold 24 copies itself.
  const recognitionBody = Buffer.from(await bigRecognitionBody(noiseImages));

  for (let round = 0; round < rounds; round++) {
    // 1. One ephemeral key, 12 identical submissions at once; consent to store off and on.
    for (const store of [false, true]) {
      const tx = await create(organizations[0]!, store);
      const phase = `one key ×12 (storing ${store ? 'on' : 'off'})`;
      await Promise.all(Array.from({ length: 12 }, () => submit(phase, tx)));
      await afterPhase(phase);
    }
    // 2. 20 transactions at once: four of each organization, and eight of the first.
    const txs = await Promise.all(
      organizations.flatMap((auth, i) => Array.from({ length: i === 0 ? 8 : 4 }, (_, j) => create(auth, !recognizeAll || j % 2 === 0))),
    );
    await Promise.all(txs.map((tx) => submit('20 transactions of 4 organizations at once', tx)));
    await afterPhase('20 transactions of 4 organizations at once');
    // 3. 24 anonymous recognition requests with 37 MiB bodies, at once.
    await Promise.all(
      Array.from({ length: 24 }, () =>
        call('24 recognition bodies of 37 MiB at once', '/barcode', { method: 'POST', headers: { 'content-type': 'application/json' }, body: recognitionBody }),
      ),
    );
    await afterPhase('24 recognition bodies of 37 MiB at once');
    // 4. All of it together.
    const together = await Promise.all(organizations.map((auth) => create(auth, false)));
    await Promise.all([
      ...together.flatMap((tx) => Array.from({ length: 3 }, () => submit('everything at once', tx))),
      ...Array.from({ length: 12 }, () =>
        call('everything at once', '/barcode', { method: 'POST', headers: { 'content-type': 'application/json' }, body: recognitionBody }),
      ),
    ]);
    await afterPhase('everything at once');
  }
  return result;
}
