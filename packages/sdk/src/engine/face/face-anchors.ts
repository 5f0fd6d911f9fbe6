/**
 * The SSD anchor centres of BlazeFace's back-camera model (256×256 input), in input pixels and in
 * the order of the model's `detections` rows: 2 anchors per cell of the 16 px grid (512), then 6
 * per cell of the 32 px grid (384), cells row by row — MediaPipe's `SsdAnchorsCalculator` settings
 * for this model, and what models/training/convert_blazeface.py concatenates.
 */
export function faceAnchors(inputSize: number): Float32Array {
  const layers = [
    { stride: 16, perCell: 2 },
    { stride: 32, perCell: 6 },
  ];
  const centres: number[] = [];
  for (const { stride, perCell } of layers) {
    const cells = Math.ceil(inputSize / stride);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        for (let n = 0; n < perCell; n++) centres.push(stride * (gx + 0.5), stride * (gy + 0.5));
      }
    }
  }
  return Float32Array.from(centres);
}
