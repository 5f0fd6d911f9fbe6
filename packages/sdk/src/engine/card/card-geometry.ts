/** ISO/IEC 7810 ID-1, the size of every payment card (mm). */
export const id1 = { width: 85.6, height: 53.98 } as const;
export const id1Aspect = id1.width / id1.height;

/**
 * Where the number sits on a card, as shares of the card (ISO/IEC 7811 embossing area; printed
 * numbers sit about the same): the number spans ~78 % of the width, its row centre ~56 % down.
 * Used to extrapolate the card's outline from its number when no card edge is seen.
 */
export const numberPlacement = { widthShare: 0.78, centreDown: 0.56 } as const;

/** Aspect ratios (long/short) accepted for a found card outline: ID-1 (1.586) ± perspective and rounding. */
export const cardAspectRange = { min: 1.38, max: 1.8 } as const;
