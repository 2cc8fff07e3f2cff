/**
 * PGlite's dumpDataDir names each file of the database from the root ('/PG_VERSION', '/base/1/112'): tar warns
 * "Removing leading '/'" on every listing and extraction, and an archive with absolute names could write outside
 * the folder it is unpacked in. This rewrites the names of an uncompressed (ustar) archive without the leading
 * '/', in place; PGlite's loadDataDir reads the archive either way (it joins each name to its data folder).
 */
const BLOCK = 512;
const NAME = { start: 0, length: 100 };
const PREFIX = { start: 345, length: 155 };
const CHECKSUM = { start: 148, length: 8 };
const SIZE = { start: 124, length: 12 };

const field = (header: Uint8Array, { start, length }: { start: number; length: number }) => header.subarray(start, start + length);

/** Drops a leading '/' of a NUL-padded field, shifting the rest left. */
function stripLeadingSlash(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x2f) return false;
  bytes.copyWithin(0, 1);
  bytes[bytes.length - 1] = 0;
  return true;
}

function writeChecksum(header: Uint8Array): void {
  const checksum = field(header, CHECKSUM);
  checksum.fill(0x20);
  let sum = 0;
  for (const byte of header) sum += byte;
  const octal = sum.toString(8).padStart(6, '0');
  for (let i = 0; i < 6; i++) checksum[i] = octal.charCodeAt(i);
  checksum[6] = 0;
  checksum[7] = 0x20;
}

export function withRelativeNames(archive: Uint8Array): Uint8Array {
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const prefix = field(header, PREFIX);
    // A long name is split: its start is in the prefix.
    const changed = prefix[0] !== 0 ? stripLeadingSlash(prefix) : stripLeadingSlash(field(header, NAME));
    if (changed) writeChecksum(header);
    const size = Number.parseInt(new TextDecoder().decode(field(header, SIZE)).replace(/\0.*$/s, '').trim() || '0', 8);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return archive;
}
