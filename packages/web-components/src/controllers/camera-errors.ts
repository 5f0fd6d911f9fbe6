import type { MessageKey } from '../i18n/translations.ts';
import type { IdlensErrorReason } from '../events.ts';

/** Why the camera cannot be used, with the text that tells the user what to do instead. */
export interface CameraProblem {
  reason: Extract<IdlensErrorReason, `camera-${string}`>;
  message: MessageKey;
}

/** Facebook, Instagram, LINE, WeChat, TikTok, Twitter/X and Android WebViews often refuse getUserMedia. */
const inAppBrowser = /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|TikTok|musical_ly|Twitter|Snapchat|; wv\)/i;

export function isInAppBrowser(userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  return inAppBrowser.test(userAgent);
}

/** Maps a getUserMedia failure (a DOMException name) to a reason and a helpful message. */
export function classifyCameraError(error: unknown, userAgent?: string): CameraProblem {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (isInAppBrowser(userAgent) && name !== 'NotFoundError') return { reason: 'camera-unsupported', message: 'cameraInApp' };
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return { reason: 'camera-denied', message: 'cameraDenied' };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { reason: 'camera-missing', message: 'cameraMissing' };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return { reason: 'camera-in-use', message: 'cameraInUse' };
    case 'TypeError':
    case 'NotSupportedError':
      return { reason: 'camera-unsupported', message: 'cameraUnsupported' };
    default:
      return { reason: 'camera-failed', message: 'cameraFailed' };
  }
}

/** No `mediaDevices` at all: an insecure context (http on a non-local host) or an old/in-app browser. */
export function cameraUnavailable(): CameraProblem | null {
  if (typeof globalThis.navigator?.mediaDevices?.getUserMedia === 'function') return null;
  return isInAppBrowser() ? { reason: 'camera-unsupported', message: 'cameraInApp' } : { reason: 'camera-unsupported', message: 'cameraUnsupported' };
}
