// The ProvisioningError a provider call failed with, for tests of the registrar and mail platform
// adapters; a call that succeeded, or failed otherwise, fails the test.
import { isProvisioningError, type ProvisioningError } from "../providers/provisioning-error";

export async function provisioningFailure(promise: Promise<unknown>): Promise<ProvisioningError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isProvisioningError(error)) throw new Error(`expected a ProvisioningError, got ${String(error)}`);
  return error;
}
