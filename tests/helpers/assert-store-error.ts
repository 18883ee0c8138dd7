import assert from "node:assert/strict";
import { StoreError, type StoreErrorCode } from "@/lib/data/contract/errors";

/** Asserts that `promise` rejects with a StoreError of `code` (and returns it for further checks). */
export async function rejectsWith(promise: Promise<unknown>, code: StoreErrorCode): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof StoreError, `expected a StoreError, got ${String(error)}`);
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    return error;
  }
  assert.fail(`expected a StoreError ${code}, but the call succeeded`);
}
