/**
 * The photos of ../shared/corpus/id-specimens that show no portrait, looked at one by one: the backs
 * of ID cards (MRZ side) and a passport page whose photo box holds a grey silhouette placeholder.
 * Every other photo there shows the holder's portrait. Ground truth for the portraits eval only.
 */
export const withoutPortrait: ReadonlySet<string> = new Set([
  'imagejs_id_fail.png',
  'passporteye_100_id-mac.jpg',
  'passporteye_100_id-si.jpg',
  'passporteye_100_id-usa.jpg',
  'passporteye_53_id-d.jpg',
  'yushulx_mrz.png',
]);
