import { describe, expect, it } from 'vitest';
import { classifyCameraError, isInAppBrowser } from './camera-errors.ts';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const instagram = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0';

describe('camera errors', () => {
  it('maps getUserMedia failures to a reason and the message that says what to do', () => {
    const dom = (name: string) => Object.assign(new Error(name), { name });
    expect(classifyCameraError(dom('NotAllowedError'), chrome)).toEqual({ reason: 'camera-denied', message: 'cameraDenied' });
    expect(classifyCameraError(dom('NotFoundError'), chrome)).toEqual({ reason: 'camera-missing', message: 'cameraMissing' });
    expect(classifyCameraError(dom('NotReadableError'), chrome)).toEqual({ reason: 'camera-in-use', message: 'cameraInUse' });
    expect(classifyCameraError(dom('Whatever'), chrome)).toEqual({ reason: 'camera-failed', message: 'cameraFailed' });
  });

  it('in-app browsers get the "open it in your browser" message', () => {
    expect(isInAppBrowser(instagram)).toBe(true);
    expect(isInAppBrowser(chrome)).toBe(false);
    expect(classifyCameraError(Object.assign(new Error(), { name: 'NotAllowedError' }), instagram)).toEqual({
      reason: 'camera-unsupported',
      message: 'cameraInApp',
    });
  });
});
