// `@armature/testing/conformance`: the MCP conformance suite against a module over HTTP.
// A subpath of its own because it needs the optional peer @armature/http.
export { runConformance, runConformanceSuite, defaultScenarios } from './run-conformance';
export { assertConformance } from './conformance-report';
export type {
  ConformanceOptions,
  ConformanceRunOptions,
  ConformanceReport,
  ConformanceScenarioResult,
  ConformanceCheck,
  ConformanceStatus,
} from './conformance.types';
