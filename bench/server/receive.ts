/**
 * What a bench client does with a response it times: receives its body.
 *
 * @module
 */

/**
 * Reads a response's body to the end, chunk by chunk, and returns how many bytes arrived. Joining
 * the chunks (`arrayBuffer()`) or decoding them is the client's own work, not the endpoint's: in
 * process, a 17 MB copy and the collections it brings would be charged to the endpoint timed.
 */
export async function receive(response: Response): Promise<number> {
  const reader = response.body!.getReader();
  let received = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    received += chunk.value.byteLength;
  }
  return received;
}
