import { ErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

export type Logger = { error(message: string): void; warn(message: string): void; info(message: string): void };

/**
 * The error's message with quoted text removed: runtime errors can quote the input they failed
 * on (JSON.parse does), and the input may be a secret from the document.
 */
export const redactedMessage = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`/g, '"…"').slice(0, 500);
const messageOf = redactedMessage;

/**
 * Wraps a request handler so that a failure answers only that request, with an error, and is
 * logged; the server keeps running. A request cancelled before it starts gets the empty answer.
 */
export function guardRequest<P, R>(log: Logger, name: string, empty: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the error data type is the handler's business
  return async (params: P, token: CancellationToken): Promise<R | ResponseError<any>> => {
    if (token?.isCancellationRequested) return empty;
    try {
      return await handler(params, token);
    } catch (err) {
      if (err instanceof ResponseError) return err;
      log.error(`${name} failed: ${messageOf(err)}`);
      return new ResponseError(ErrorCodes.InternalError, `${name} failed: ${messageOf(err)}`);
    }
  };
}

/** The same for notifications, which have nobody to answer. */
export function guardNotification<P>(log: Logger, name: string, handler: (params: P) => void | Promise<void>) {
  return (params: P): void => {
    try {
      const r = handler(params);
      if (r instanceof Promise) r.catch((err: unknown) => log.error(`${name} failed: ${messageOf(err)}`));
    } catch (err) {
      log.error(`${name} failed: ${messageOf(err)}`);
    }
  };
}
