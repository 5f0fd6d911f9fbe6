import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Frame } from '@idlens/sdk';
import type { ImageSource } from '@idlens/sdk/api';
import type { ImageLoader } from '../image/create-image-loader.ts';
import { ApiError } from '../errors.ts';
import { validationHook } from '../http/validation-hook.ts';
import type { AdmittedEnv } from './admission.ts';
import type { RecognitionBackend } from './recognition-backend.ts';
import { barcodeDataSchema, barcodeRequestSchema } from './schemas/barcode.ts';
import { cardDataSchema, cardRequestSchema } from './schemas/card.ts';
import { envelopeSchema, recognitionErrorResponses, recognitionHeadersSchema } from './schemas/common.ts';
import { documentDataSchema, multiSideRequestSchema, singleSideRequestSchema } from './schemas/document.ts';
import { idBarcodeDataSchema, idBarcodeRequestSchema } from './schemas/id-barcode.ts';

export interface RecognitionDeps {
  recognition: RecognitionBackend;
  /** Resolves an ImageSource to bytes checked from their header, then to a decoded frame. */
  images: ImageLoader;
}

function recognitionRoute<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(opts: {
  path: string;
  summary: string;
  request: Req;
  data: Res;
  name: string;
  headers: boolean;
  tag: string;
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

/** The spec's recognition endpoints: every path here gets the recognition guard (app.ts). */
export const recognitionRoutes = {
  barcode: recognitionRoute({
    path: '/barcode',
    summary: 'Read a barcode',
    request: barcodeRequestSchema,
    data: barcodeDataSchema,
    name: 'BarcodeResponse',
    headers: true,
    tag: 'Barcodes',
  }),
  idBarcode: recognitionRoute({
    path: '/id-barcode',
    summary: 'Read and parse an ID barcode (AAMVA PDF417)',
    request: idBarcodeRequestSchema,
    data: idBarcodeDataSchema,
    name: 'IdBarcodeResponse',
    headers: true,
    tag: 'Barcodes',
  }),
  card: recognitionRoute({
    path: '/card',
    summary: 'Read a payment card',
    request: cardRequestSchema,
    data: cardDataSchema,
    name: 'CardResponse',
    headers: false,
    tag: 'Cards',
  }),
  multiSide: recognitionRoute({
    path: '/document-multi-side',
    summary: 'Read an ID document, both sides',
    request: multiSideRequestSchema,
    data: documentDataSchema,
    name: 'MultiSideResponse',
    headers: true,
    tag: 'Documents',
  }),
  singleSide: recognitionRoute({
    path: '/document-single-side',
    summary: 'Read one side of an ID document',
    request: singleSideRequestSchema,
    data: documentDataSchema,
    name: 'SingleSideResponse',
    headers: true,
    tag: 'Documents',
  }),
};

/** The paths of the recognition endpoints, for the guard (API key, JSON, body size) in front of them. */
export const recognitionPaths: readonly string[] = Object.values(recognitionRoutes).map((route) => route.path);

/** Splits a validated request into its images, its traceId and the options passed to the engine. */
function optionsOf<T extends Record<string, unknown>, K extends keyof T>(body: T, ...exclude: K[]): Omit<T, K | 'traceId'> {
  const options: Record<string, unknown> = { ...body };
  for (const key of [...exclude, 'traceId']) delete options[key as string];
  return options as Omit<T, K | 'traceId'>;
}

/** The recognition endpoints of the spec, each answering the envelope around the engine's data. */
export function createRecognitionRoutes({ recognition, images }: RecognitionDeps) {
  const app = new OpenAPIHono<AdmittedEnv>({ defaultHook: validationHook });

  /**
   * The request was admitted before its body was read (`admitRecognition`, app.ts): every image is
   * read and probed, its decoded pixels reserved in one piece, and only then decoded and recognized.
   */
  async function envelope<T, N extends string>(
    c: Context<AdmittedEnv>,
    traceId: string | null | undefined,
    sources: Record<N, ImageSource | null | undefined>,
    recognize: (frames: Record<N, Frame | null>) => Promise<T>,
  ) {
    c.set('traceId', traceId ?? null);
    const startTime = new Date().toISOString();
    const fields = Object.keys(sources) as N[];
    const probed = await Promise.all(fields.map((field) => (sources[field] ? images.probe(sources[field], field) : null)));
    await c.get('admission').reservePixels(probed.reduce((sum, p) => sum + (p?.pixels ?? 0), 0));
    const decoded = await Promise.all(probed.map((p) => (p ? images.decode(p) : null)));
    const data = await recognize(Object.fromEntries(fields.map((field, i) => [field, decoded[i]])) as Record<N, Frame | null>);
    return c.json({ traceId: traceId ?? null, executionId: c.get('executionId') ?? randomUUID(), startTime, finishTime: new Date().toISOString(), data }, 200);
  }

  return app
    .openapi(recognitionRoutes.barcode, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, { image: required(body.image, 'image') }, ({ image }) => recognition.barcode(image!, optionsOf(body, 'image')));
    })
    .openapi(recognitionRoutes.idBarcode, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, { image: required(body.image, 'image') }, ({ image }) => recognition.idBarcode(image!));
    })
    .openapi(recognitionRoutes.card, async (c) => {
      const body = c.req.valid('json');
      // At least one side is needed; a missing number side is the engine's SCANNING_WRONG_SIDE, not a 400.
      if (!body.cardNumberSide && !body.otherSide) {
        throw new ApiError('IMAGE_MISSING', 'cardNumberSide: an image is required (imageUrl or imageBase64)');
      }
      return envelope(c, body.traceId, { cardNumberSide: body.cardNumberSide, otherSide: body.otherSide }, (frames) =>
        recognition.card(frames, optionsOf(body, 'cardNumberSide', 'otherSide')),
      );
    })
    .openapi(recognitionRoutes.multiSide, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, { imageFirstSide: required(body.imageFirstSide, 'imageFirstSide'), imageSecondSide: body.imageSecondSide }, (frames) =>
        recognition.document(
          { first: frames.imageFirstSide!, second: frames.imageSecondSide },
          // Multi-side is the endpoint called, not the number of images (allowUncertainFirstSideScan).
          { ...optionsOf(body, 'imageFirstSide', 'imageSecondSide'), multiSide: true },
        ),
      );
    })
    .openapi(recognitionRoutes.singleSide, async (c) => {
      const body = c.req.valid('json');
      return envelope(c, body.traceId, { image: required(body.image, 'image') }, ({ image }) =>
        recognition.document({ first: image! }, { ...optionsOf(body, 'image'), multiSide: false }),
      );
    });
}

/** A required image field: absent is IMAGE_MISSING (before any image is read — it costs nothing to refuse). */
function required(source: ImageSource | null | undefined, field: string): ImageSource {
  if (!source) throw new ApiError('IMAGE_MISSING', `${field}: an image is required (imageUrl or imageBase64)`);
  return source;
}
