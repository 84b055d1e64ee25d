/**
 * `ApiPromise`: what every SDK call returns. Await it for the parsed body, or ask for the response
 * around it with `withResponse()` / `asResponse()` (openai-node's `APIPromise` works the same way).
 *
 * @module
 */

/** A parsed body with the HTTP response it came from. */
export interface WithResponse<T> {
  /** The parsed body (what awaiting the call gives). */
  data: T;
  /** The HTTP response; its body can still be read (a copy of what the SDK parsed). */
  response: Response;
  /** The HTTP status. */
  status: number;
  /** The response headers. */
  headers: Headers;
  /** The response's `x-request-id`, for support requests and log correlation. */
  requestId: string | undefined;
}

/**
 * A `Promise` of a call's parsed body that can also give the HTTP response. The request is sent
 * once, whichever of `await`, `withResponse()` and `asResponse()` is used (or all of them).
 *
 * @example
 * ```ts
 * const calendars = await client.calendars.list();
 * const { data, status, headers, requestId } = await client.calendars.list().withResponse();
 * const response = await client.calendars.list().asResponse();
 * ```
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<WithResponse<T>>;

  /** @param result - The call, resolving with the body and its response. */
  constructor(result: Promise<WithResponse<T>>) {
    // The base promise is never used: `then`, `catch` and `finally` read `#result`.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  // Derived promises (`.then(...)`) are plain promises, not ApiPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  /** Resolves with the parsed body and the status, headers, request id and response. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  /**
   * The same call with its body transformed (the response stays as received).
   *
   * @internal
   */
  mapData<U>(transform: (data: T) => U): ApiPromise<U> {
    return new ApiPromise(this.#result.then((result) => ({ ...result, data: transform(result.data) })));
  }

  /** Resolves with the HTTP response (its body can still be read). */
  asResponse(): Promise<Response> {
    return this.#result.then((result) => result.response);
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result.then((result) => result.data).then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
