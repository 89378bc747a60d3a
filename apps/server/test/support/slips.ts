/** Test slips: the demo's slip drawing, plus a payload whose CRC no longer holds. */
export { plainImage, type SlipImageOptions, slipImage, slipPayload } from '../../src/modules/demo/demo-slip.ts';

/** The payload with each of its last four CRC hex digits changed, so that its CRC no longer holds. */
export function tamperCrc(payload: string): string {
  const crc = payload.slice(-4);
  if (!/^[0-9A-F]{4}$/i.test(crc)) throw new Error(`payload does not end in a four-digit CRC: ${payload}`);
  const changed = [...crc].map((digit) => ((Number.parseInt(digit, 16) + 1) % 16).toString(16).toUpperCase());
  return payload.slice(0, -4) + changed.join('');
}
