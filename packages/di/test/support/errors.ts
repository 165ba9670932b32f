import { expect } from 'chai';
import { ArmatureError } from '../../src/errors/armature-error';

/** Awaits `promise`, expects it to reject with an ArmatureError, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<ArmatureError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ArmatureError);
    return error as ArmatureError;
  }
  expect.fail('expected a rejection');
}

/** Calls `fn`, expects it to throw an ArmatureError, and returns that error. */
export function thrown(fn: () => unknown): ArmatureError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ArmatureError);
    return error as ArmatureError;
  }
  expect.fail('expected a throw');
}
