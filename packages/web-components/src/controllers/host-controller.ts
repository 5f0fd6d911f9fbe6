import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * A Lit reactive controller that registers itself with its host and releases what it holds when
 * the host leaves the DOM (`hostDisconnected`): the wiring the scanning, reading and trouble
 * controllers share.
 */
export abstract class HostController implements ReactiveController {
  protected readonly host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  abstract hostDisconnected(): void;
}
