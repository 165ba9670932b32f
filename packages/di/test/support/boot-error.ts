import { Container, InjectionToken, type DynamicModule, type Provider } from '../../src';
import { rejection } from './errors';

/** A token the boot-check tests leave unregistered (or register) to see how errors name it. */
export const DB_URL = new InjectionToken<string>('DB_URL');

/** Boots a root module declaring `providers` (and `extra`), expects the boot check to refuse, and returns its message. */
export async function bootError(providers: Provider[], extra: Partial<DynamicModule> = {}): Promise<string> {
  class Root {}
  const err = await rejection(Container.create({ module: Root, providers, ...extra }));
  return err.message;
}
