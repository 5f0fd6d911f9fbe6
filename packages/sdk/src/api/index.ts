export * from './common.ts';
export * from './barcode.ts';
export * from './id-barcode.ts';
export * from './card.ts';
export * from './document.ts';
export * from './health.ts';
export * from './transaction.ts';
export * from './recognition-methods.ts';
