// reflect-metadata is loaded first so the decorators can record metadata however the package is imported.
import 'reflect-metadata';
// Public API of @armature/di.
export * from './errors/armature-error';
export { DI_ERRORS, DI_ERROR_CODES, type DiErrorCode } from './errors/di-error-codes';
export { defineErrors, meaningsByCode, type ErrorEntry, type ErrorSpec, type ErrorRegistry } from './errors/error-registry';
export { DependencyGraphError } from './errors/di-error';
export { InjectionToken } from './tokens/injection-token';
export { type Token } from './tokens/token';
export { type Type, type AbstractType } from './tokens/type';
export { forwardRef, ForwardRef, isForwardRef } from './tokens/forward-ref';
export { type Scope, type ContextScope } from './providers/scope';
export type {
  Provider,
  ClassProvider,
  ValueProvider,
  FactoryProvider,
  FactoryDependency,
  ExistingProvider,
  ContextProvider,
} from './providers/provider.types';
export { Injectable, type InjectableOptions } from './decorators/injectable.decorator';
export { Inject } from './decorators/inject.decorator';
export { Optional } from './decorators/optional.decorator';
export { Module } from './decorators/module.decorator';
export type { ModuleMetadata, DynamicModule, ModuleClass, ModuleImport, ModuleExport } from './modules/module.types';
export type { ModuleInfo } from './modules/module-node';
export type { OnInit, OnDispose, OnShutdown } from './lifecycle/lifecycle.interfaces';
export { Container } from './container/container';
export type { HandlerRef, ContainerOptions } from './container/container.types';
export { ResolutionContext } from './resolution/resolution-context';
