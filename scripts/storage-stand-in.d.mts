export interface StorageStandInOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  log?: (line: string) => void;
}

export interface StorageStandIn {
  /** http://127.0.0.1:<port>: the value of STORAGE_EMULATOR_HOST. */
  url: string;
  /** Every object's name in `bucket`, sorted. */
  names(bucket: string): string[];
  close(): Promise<void>;
}

/** The Cloud Storage stand-in (scripts/storage-stand-in.mjs): the JSON API's uploads, reads, deletes and listing. */
export function startStorageStandIn(options?: StorageStandInOptions): Promise<StorageStandIn>;

/** CRC32C of `bytes`, big-endian, base64: as Cloud Storage reports an object's. */
export function crc32cBase64(bytes: Uint8Array): string;
