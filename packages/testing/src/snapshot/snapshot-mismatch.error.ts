import { ArmatureError } from '@armature/di';

/**
 * A value differs from its snapshot file. `actual` and `expected` are the two JSON texts with
 * `showDiff` set, so mocha (and runners that follow its convention) print a line diff.
 */
export class SnapshotMismatchError extends ArmatureError {
  readonly showDiff = true;

  constructor(
    readonly file: string,
    readonly actual: string,
    readonly expected: string,
  ) {
    super(
      'ARM_ERR_SNAPSHOT_MISMATCH',
      `ARM_ERR_SNAPSHOT_MISMATCH: ${file} differs ${firstDifference(actual, expected)}. ` +
        'If the change is intended, run the tests again with ARMATURE_UPDATE_SNAPSHOTS=1 and commit the file.',
    );
    this.name = 'SnapshotMismatchError';
  }
}

function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = a.findIndex((text, i) => text !== e[i]);
  const at = line === -1 ? a.length : line;
  return `from line ${at + 1}: expected ${JSON.stringify(e[at] ?? '<end of file>')}, got ${JSON.stringify(a[at] ?? '<end of file>')}`;
}
