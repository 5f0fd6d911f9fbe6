import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Frame } from '@idlens/sdk';
import type { ImageSource } from '@idlens/sdk/api';
import { ApiError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { barcodeDataSchema, barcodeRequestSchema } from './schemas/barcode.ts';
import { cardDataSchema, cardRequestSchema } from './schemas/card.ts';
import { envelopeSchema, recognitionErrorResponses, recognitionHeadersSchema } from './schemas/common.ts';
import { documentDataSchema, multiSideRequestSchema, singleSideRequestSchema } from './schemas/document.ts';
import { idBarcodeDataSchema, idBarcodeRequestSchema } from './schemas/id-barcode.ts';
import { validationError } from './validation-hook.ts';
import type { Recognizer } from './recognizer.ts';

export interface RecognitionDeps {
  recognizer: Recognizer;
  /** Resolves an ImageSource to a decoded frame (Base64 or URL, limits, format checks). */
  loadImage(source: ImageSource | null | undefined, field: string): Promise<Frame>;
}

function recognitionRoute<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(opts: {
  path: string; summary: string; request: Req; data: Res; name: string; headers: boolean; tag: string;
}) {
  return createRoute({
    method: 'post',
    path: opts.path,
    summary: opts.summary,
    tags: [opts.tag],
    request: {
      ...(opts.headers ? { headers: recognitionHeadersSchema } : {}),
      body: { required: true, content: { 'application/json': { schema: opts.request } } },
    },
    responses: {
      200: { description: 'Recognition result in the response envelope', content: { 'application/json': { schema: envelopeSchema(opts.data, opts.name) } } },
      ...recognitionErrorResponses,
    },
  });
}

const routes = {
  barcode: recognitionRoute({ path: '/barcode', summary: 'Read a barcode', request: barcodeRequestSchema, data: barcodeDataSchema, name: 'BarcodeResponse', headers: true, tag: 'Barcodes' }),
  idBarcode: recognitionRoute({ path: '/id-barcode', summary: 'Read and parse an ID barcode (AAMVA PDF417)', request: idBarcodeRequestSchema, data: idBarcodeDataSchema, name: 'IdBarcodeResponse', headers: true, tag: 'Barcodes' }),
  card: recognitionRoute({ path: '/card', summary: 'Read a payment card', request: cardRequestSchema, data: cardDataSchema, name: 'CardResponse', headers: false, tag: 'Cards' }),
  multiSide: recognitionRoute({ path: '/document-multi-side', summary: 'Read an ID document, both sides', request: multiSideRequestSchema, data: documentDataSchema, name: 'MultiSideResponse', headers: true, tag: 'Documents' }),
  singleSide: recognitionRoute({ path: '/document-single-side', summary: 'Read one side of an ID document', request: singleSideRequestSchema, data: documentDataSchema, name: 'SingleSideResponse', headers: true, tag: 'Documents' }),
};

/** Splits a validated request into its images, its traceId and the options passed to the engine. */
function optionsOf<T extends Record<string, unknown>, K extends keyof T>(body: T, ...exclude: K[]): Omit<T, K | 'traceId'> {
  const options: Record<string, unknown> = { ...body };
  for (const key of [...exclude, 'traceId']) delete options[key as string];
  return options as Omit<T, K | 'traceId'>;
}

/** The recognition endpoints of the spec, each answering the envelope around the engine's data. */
export function createRecognitionRoutes({ recognizer, loadImage }: RecognitionDeps) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });

  async function envelope<T>(c: Context<AppEnv>, traceId: string | null | undefined, recognize: () => Promise<T>) {
    c.set('traceId', traceId ?? null);
    const startTime = new Date().toISOString();
    const data = await recognize();
    return c.json({ traceId: traceId ?? null, executionId: c.get('executionId') ?? randomUUID(), startTime, finishTime: new Date().toISOString(), data }, 200);
  }

  return app
    .openapi(routes.barcode, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, async () => recognizer.barcode(await loadImage(body.image, 'image'), optionsOf(body, 'image')));
    })
    .openapi(routes.idBarcode, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, async () => recognizer.idBarcode(await loadImage(body.image, 'image')));
    })
    .openapi(routes.card, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, async () => {
        // At least one side is needed; a missing number side is the engine's SCANNING_WRONG_SIDE, not a 400.
        if (!body.cardNumberSide && !body.otherSide) {
          throw new ApiError('IMAGE_MISSING', 'cardNumberSide: an image is required (imageUrl or imageBase64)');
        }
        const [cardNumberSide, otherSide] = await Promise.all([
          body.cardNumberSide ? loadImage(body.cardNumberSide, 'cardNumberSide') : null,
          body.otherSide ? loadImage(body.otherSide, 'otherSide') : null,
        ]);
        return recognizer.card({ cardNumberSide, otherSide }, optionsOf(body, 'cardNumberSide', 'otherSide'));
      });
    })
    .openapi(routes.multiSide, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, async () => {
        const [first, second] = await Promise.all([
          loadImage(body.imageFirstSide, 'imageFirstSide'),
          body.imageSecondSide ? loadImage(body.imageSecondSide, 'imageSecondSide') : null,
        ]);
        return recognizer.document({ first, second }, optionsOf(body, 'imageFirstSide', 'imageSecondSide'));
      });
    })
    .openapi(routes.singleSide, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, async () => recognizer.document({ first: await loadImage(body.image, 'image') }, optionsOf(body, 'image')));
    });
}
