/** An async iterable of one value: an answer written at once where a stream is expected. */
export async function* yieldOnce<T>(value: T): AsyncGenerator<T> {
  yield value;
}
