import fc from 'fast-check';

/** A JSON Schema node of the app's OpenAPI document (only what the generator reads). */
type SchemaNode = {
  $ref?: string;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  minimum?: number;
  maximum?: number;
};

export interface OpenApiDocument {
  components: { schemas: Record<string, SchemaNode> };
}

/**
 * Values a client might plausibly send where a named schema is expected but that the schema alone
 * cannot list (FieldType is a refined string).
 */
export type NamedSamples = Record<string, readonly unknown[]>;

/** Shapes that are wrong almost everywhere: what a sloppy client sends for a nested option. */
const wrongShapes: unknown[] = [null, {}, [], [null], [{}], '', 'x', 0, -1, true];

/** One option of a request schema and its near misses; `nested` when it holds objects or arrays. */
export interface OptionNearMisses {
  option: string;
  nested: boolean;
  values: fc.Arbitrary<unknown>;
}

/**
 * Every option of a recognition request schema (each property but its images and traceId) with its
 * near misses, so that a test can send each option on its own: one wrong option then cannot hide
 * what another does. Found the 500 of issue #56 (`customDocumentRules: [{fields: [{fieldType: null}]}]`).
 */
export function nearMissOptions(doc: OpenApiDocument, requestSchema: string, imageFields: string[], samples: NamedSamples): OptionNearMisses[] {
  const schema = doc.components.schemas[requestSchema];
  if (!schema?.properties) throw new Error(`no request schema ${requestSchema}`);
  const generator = new NearMisses(doc, samples);
  return Object.entries(schema.properties)
    .filter(([key]) => !imageFields.includes(key) && key !== 'traceId')
    .map(([option, node]) => ({ option, nested: generator.isNested(node), values: generator.nearMiss(node, 0) }));
}

/**
 * Near misses of a schema: a value that is right everywhere but at one place, where it is a wrong
 * shape (null, `{}`, `[]`…), a misspelt enum or a number out of range — or a value the schema
 * allows but a careless engine may not expect (nulls, objects without any of their fields).
 */
class NearMisses {
  private readonly doc: OpenApiDocument;
  private readonly samples: NamedSamples;

  constructor(doc: OpenApiDocument, samples: NamedSamples) {
    this.doc = doc;
    this.samples = samples;
  }

  private resolve(node: SchemaNode): { node: SchemaNode; name: string | null } {
    if (!node.$ref) return { node, name: null };
    const name = node.$ref.replace('#/components/schemas/', '');
    const target = this.doc.components.schemas[name];
    if (!target) throw new Error(`no schema ${name}`);
    return { node: target, name };
  }

  private typesOf(node: SchemaNode): string[] {
    return Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  }

  isNested(raw: SchemaNode): boolean {
    const { node } = this.resolve(raw);
    const branches = node.anyOf ?? node.oneOf;
    if (branches) return branches.some((b) => this.isNested(b));
    return this.typesOf(node).some((t) => t === 'object' || t === 'array');
  }

  /** Values the schema allows: nulls where nullable (less often), objects with any subset of their fields. */
  valid(raw: SchemaNode, depth: number): fc.Arbitrary<unknown> {
    const { node, name } = this.resolve(raw);
    const named = name ? this.samples[name] : undefined;
    if (named) return fc.constantFrom(...named);
    const branches = node.anyOf ?? node.oneOf;
    if (branches) return fc.oneof(...branches.map((b) => ({ weight: this.typesOf(b).includes('null') ? 1 : 3, arbitrary: this.valid(b, depth) })));
    const types = this.typesOf(node);
    if (types.length === 0) return fc.constant(null);
    return fc.oneof(...types.map((type) => ({ weight: type === 'null' ? 1 : 3, arbitrary: this.validOfType(node, type, depth) })));
  }

  private validOfType(node: SchemaNode, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return fc.integer({ min: Math.ceil(node.minimum ?? -1000), max: Math.floor(node.maximum ?? 1000) });
      case 'string':
        if (node.enum) return fc.constantFrom(...node.enum);
        if (node.pattern) return fc.stringMatching(new RegExp(node.pattern), { maxLength: 24 });
        return fc.string({ maxLength: 20 });
      case 'array':
        return depth > 6 || !node.items ? fc.constant([]) : fc.array(this.valid(node.items, depth + 1), { maxLength: 3 });
      case 'object': {
        const properties = Object.entries(node.properties ?? {});
        if (depth > 6 || properties.length === 0) return fc.constant({});
        return fc.record(Object.fromEntries(properties.map(([key, child]) => [key, this.valid(child, depth + 1)])), { requiredKeys: [] });
      }
      default:
        return fc.constant(null);
    }
  }

  /** Right everywhere but at one place (or right, in one of the forms the schema allows). */
  nearMiss(raw: SchemaNode, depth: number): fc.Arbitrary<unknown> {
    const { node } = this.resolve(raw);
    const options: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [
      { weight: 1, arbitrary: fc.constantFrom(...wrongShapes) },
      { weight: 2, arbitrary: this.valid(raw, depth) },
    ];
    const branches = node.anyOf ?? node.oneOf ?? [];
    const shapes = [node, ...branches.map((b) => this.resolve(b).node)];
    for (const shape of shapes) {
      for (const type of this.typesOf(shape)) {
        const deeper = depth > 6 ? null : this.missInside(shape, type, depth);
        if (deeper) options.push({ weight: 4, arbitrary: deeper });
        const scalar = this.wrongScalar(shape, type);
        if (scalar) options.push({ weight: 1, arbitrary: scalar });
      }
    }
    return fc.oneof(...options);
  }

  /** An object with one field a near miss and the others right or absent; an array with one item a near miss. */
  private missInside(node: SchemaNode, type: string, depth: number): fc.Arbitrary<unknown> | null {
    if (type === 'array' && node.items) {
      const items = node.items;
      return fc
        .tuple(fc.array(this.valid(items, depth + 1), { maxLength: 2 }), this.nearMiss(items, depth + 1), fc.nat(2))
        .map(([others, miss, at]) => [...others.slice(0, at), miss, ...others.slice(at)]);
    }
    if (type === 'object' && node.properties && Object.keys(node.properties).length > 0) {
      const properties = Object.entries(node.properties);
      return fc.oneof(
        ...properties.map(([key, child]) =>
          fc
            .tuple(
              fc.record(Object.fromEntries(properties.filter(([k]) => k !== key).map(([k, c]) => [k, this.valid(c, depth + 1)])), { requiredKeys: [] }),
              this.nearMiss(child, depth + 1),
            )
            .map(([others, miss]) => ({ ...others, [key]: miss })),
        ),
      );
    }
    return null;
  }

  /** A misspelt enum value, a number just out of range or not an integer. */
  private wrongScalar(node: SchemaNode, type: string): fc.Arbitrary<unknown> | null {
    if (type === 'string' && node.enum) {
      const values = node.enum.map(String);
      return fc.constantFrom('WRONG_ENUM', '', ' ', ...values.map((v) => v.toLowerCase()), ...values.map((v) => `${v}_`));
    }
    if (type === 'integer' || type === 'number') {
      return fc.constantFrom((node.minimum ?? -1000) - 1, (node.maximum ?? 1000) + 1, 0.5, 1e21, Number.MAX_SAFE_INTEGER);
    }
    if (type === 'string') return fc.constantFrom('', 'COUNTRY_', 'x'.repeat(70), 'documentNumber');
    return null;
  }
}
