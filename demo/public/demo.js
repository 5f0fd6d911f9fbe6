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

// The browser SDK (built into ./sdk/ by `pnpm start`): recognition in a worker, on this origin.
let recognizer;
async function sdk() {
  const idlens = await import('./sdk/idlens.js');
  recognizer ??= idlens.createRecognizer({
    onProgress: (e) => (output.textContent = `Loading ${e.asset}: ${Math.round(e.loaded / 1024)} KiB${e.cached ? ' (cached)' : ''}`),
  });
  return { idlens, recognizer };
}

async function recognizeInBrowser(endpoint, file, thorough) {
  const { recognizer: r } = await sdk();
  const started = performance.now();
  const data = await {
    '/barcode': () => r.barcode(file, { ...allBarcodes, slowerThoroughScan: thorough }),
    '/id-barcode': () => r.idBarcode(file),
    '/document-single-side': () => r.document({ first: file }),
    '/card': () => r.card({ cardNumberSide: file }, { extractExpiryDate: true, extractCardholderName: true }),
  }[endpoint]();
  return { recognizedIn: `${Math.round(performance.now() - started)} ms in this browser`, data };
}

document.querySelector('#transaction').addEventListener('submit', async (event) => {
  event.preventDefault();
  const workflowId = new FormData(event.target).get('workflowId');
  const file = new FormData(form).get('image');
  output.textContent = 'Starting transaction…';
  try {
    const { idlens, recognizer: r } = await sdk();
    const result = await idlens.startTransaction({
      proxyUrl: `${location.protocol}//${location.hostname}:${Number(location.port || 80) + 1}/transaction`,
      workflowId,
      formValues: { customerName: 'Demo User' },
      consent: { userId: 'demo-user', isProcessingStoringAllowed: true, isTrainingAllowed: false },
      recognizer: r,
      capture: async () => {
        if (!file || !file.size) throw new Error('pick an image first');
        return { front: file };
      },
      onUpdate: (u) => (output.textContent = `Transaction: ${u.processingStatus}…`),
    });
    output.textContent = JSON.stringify({ transactionId: result.transactionId, processingStatus: result.processingStatus, verificationStatus: result.verificationStatus }, null, 2);
  } catch (error) {
    output.textContent = `Transaction failed: ${error.code ?? ''} ${error.message}`;
  }
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const file = data.get('image');
  const endpoint = data.get('endpoint');
  output.textContent = 'Recognizing…';
  if (data.get('where') === 'browser') {
    try {
      const json = await recognizeInBrowser(endpoint, file, data.get('thorough') === 'on');
      output.textContent = JSON.stringify(json, null, 2);
      await drawPreview(file, json.data?.detectionPoints?.points);
    } catch (error) {
      output.textContent = `Recognition failed: ${error.code ?? ''} ${error.message}`;
    }
    return;
  }
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
