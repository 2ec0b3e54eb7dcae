import { BundleFailure, BundleRejected } from './validate-bundle';

/** The failure a bundle check throws (for specs); a bundle the check accepts fails the spec. */
export function rejection(run: () => unknown): BundleFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof BundleRejected) return error.failure;
    throw error;
  }
  throw new Error('the bundle was accepted');
}
