import { z } from 'zod';

/** Comparison operators of a Condition, as a table: name → test of (actual, expected). */
export const comparisonOperators = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  gt: (a, b) => typeof a === 'number' && typeof b === 'number' && a > b,
  gte: (a, b) => typeof a === 'number' && typeof b === 'number' && a >= b,
  lt: (a, b) => typeof a === 'number' && typeof b === 'number' && a < b,
  lte: (a, b) => typeof a === 'number' && typeof b === 'number' && a <= b,
  in: (a, b) => Array.isArray(b) && b.includes(a),
  exists: (a) => a !== undefined && a !== null,
  notExists: (a) => a === undefined || a === null,
} as const satisfies Record<string, (actual: unknown, expected: unknown) => boolean>;
export type ComparisonOperator = keyof typeof comparisonOperators;

/**
 * `path` reads an earlier result: `state.<StepName>.<input|extraction|output>.<field…>` (the
 * step's latest execution), `formValues.<field>` or `verificationStatus` (the last Decision).
 */
export interface Comparison {
  path: string;
  op: ComparisonOperator;
  value?: unknown;
}
export type Predicate = { all: Predicate[] } | { any: Predicate[] } | { not: Predicate } | Comparison;

const operatorNames = Object.keys(comparisonOperators) as [ComparisonOperator, ...ComparisonOperator[]];

export const predicateSchema: z.ZodType<Predicate> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(predicateSchema).min(1) }),
    z.strictObject({ any: z.array(predicateSchema).min(1) }),
    z.strictObject({ not: predicateSchema }),
    z.strictObject({
      path: z
        .string()
        .regex(
          /^(state\.[^.]+\.(input|extraction|output)(\.[^.]+)*|formValues\.[^.]+|verificationStatus)$/,
          'state.<StepName>.<input|extraction|output>.<field>, formValues.<field> or verificationStatus',
        ),
      op: z.enum(operatorNames),
      value: z.unknown().optional(),
    }),
  ]),
);

/** Every path a predicate reads (for validation against the workflow's steps and fields). */
export function predicatePaths(predicate: Predicate): string[] {
  if ('all' in predicate) return predicate.all.flatMap(predicatePaths);
  if ('any' in predicate) return predicate.any.flatMap(predicatePaths);
  if ('not' in predicate) return predicatePaths(predicate.not);
  return [predicate.path];
}

/** Evaluates a predicate; `read` resolves a path to its value (undefined when absent). */
export function evaluatePredicate(predicate: Predicate, read: (path: string) => unknown): boolean {
  if ('all' in predicate) return predicate.all.every((p) => evaluatePredicate(p, read));
  if ('any' in predicate) return predicate.any.some((p) => evaluatePredicate(p, read));
  if ('not' in predicate) return !evaluatePredicate(predicate.not, read);
  return comparisonOperators[predicate.op](read(predicate.path), predicate.value);
}
