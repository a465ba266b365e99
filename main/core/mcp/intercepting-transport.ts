// A transport that hands each incoming message to a claimant first and to the SDK (Server or Client) only when the
// claimant leaves it: the proxy answers tools/call itself (call-relay.ts) while the SDK keeps handling the rest.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/** Takes a message (true: the SDK never sees it) or leaves it (false). */
export type Claim = (message: JSONRPCMessage) => boolean;

/** Wraps `inner`; `claim` sees every incoming message before the SDK, `onInnerClose` runs before the SDK hears of a close. */
export class InterceptingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly claim: Claim,
    private readonly onInnerClose: () => void = () => undefined,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** The Streamable HTTP client transport sends the negotiated protocol version on every request. */
  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      if (!this.claim(message)) this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.onInnerClose();
      this.onclose?.();
    };
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
