// The demo calls the recognition API exactly as any client would: JSON with a Base64 image.
const form = document.querySelector('#recognize');
const output = document.querySelector('#output');
const canvas = document.querySelector('#preview');

const allBarcodes = {
  scanQrCode: true, scanUpca: true, scanUpce: true, scanEan8: true, scanEan13: true,
  scanCode128: true, scanCode39: true, scanItf: true, scanPdf417: true,
};

function requestFor(endpoint, image, thorough) {
  switch (endpoint) {
    case '/barcode': return { image, ...allBarcodes, slowerThoroughScan: thorough };
    case '/card': return { cardNumberSide: image, extractExpiryDate: true, extractCardholderName: true };
    default: return { image };
  }
}

async function toBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function drawPreview(file, points) {
  const bitmap = await createImageBitmap(file);
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(bitmap, 0, 0);
  if (points?.length) {
    ctx.strokeStyle = '#2da44e';
    ctx.lineWidth = Math.max(3, bitmap.width / 300);
    ctx.beginPath();
    points.forEach(({ x, y }, i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.stroke();
  }
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const file = data.get('image');
  const endpoint = data.get('endpoint');
  output.textContent = 'Recognizing…';
  try {
    const body = requestFor(endpoint, { imageBase64: await toBase64(file) }, data.get('thorough') === 'on');
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await response.json();
    output.textContent = JSON.stringify(json, null, 2);
    await drawPreview(file, json.data?.detectionPoints?.points);
  } catch (error) {
    output.textContent = `Request failed: ${error.message}`;
  }
});
