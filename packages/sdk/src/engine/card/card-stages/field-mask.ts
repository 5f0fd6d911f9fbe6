import type { Point } from '../../image/affine.ts';
import type { AnonymizedField } from '../anonymize.ts';
import type { SideRow } from '../side-row.ts';
import type { SideName } from './card-side.ts';

/** A region of a side that shows a field: painted over in returned images when the field's mode says so. */
export interface FieldMask {
  side: SideName;
  field: AnonymizedField;
  points: readonly Point[];
}

/** The mask of a field read from a row. */
export function rowMask(side: SideName, field: AnonymizedField, row: SideRow): FieldMask {
  return { side, field, points: row.row.quad.points };
}
