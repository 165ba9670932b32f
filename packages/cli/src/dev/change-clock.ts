import * as ts from 'typescript';

/**
 * Stamps each change the watcher reports with the process clock.
 *
 * TypeScript's watch solution builder records when a build wrote its outputs from the process
 * clock (`new Date()` at emit), but a source file's time from the file system, whose timestamps
 * come from the kernel's coarse clock and lag the process clock by up to a tick (4–10 ms). A
 * save landing in that window looks older than the build before it: the rebuild the watcher
 * asked for finds the project up to date, and the change is lost until the next save.
 *
 * The builder takes a watched file's time from the event when the event carries one. A build
 * runs synchronously, so any build that wrote outputs ended before the event was delivered;
 * one millisecond past the clock at delivery is later than its outputs. At worst an event for
 * a write the build already read costs one rebuild that finds nothing new.
 */
export function stampChangesWithClock<T extends ts.BuilderProgram>(host: ts.SolutionBuilderWithWatchHost<T>): void {
  const watchFile = host.watchFile.bind(host);
  host.watchFile = (file, callback, ...rest) =>
    watchFile(
      file,
      (fileName, kind, modifiedTime) =>
        callback(fileName, kind, kind === ts.FileWatcherEventKind.Deleted ? modifiedTime : afterNow(modifiedTime)),
      ...rest,
    );
}

function afterNow(modifiedTime: Date | undefined): Date {
  const clock = Date.now() + 1;
  return new Date(modifiedTime === undefined ? clock : Math.max(modifiedTime.getTime(), clock));
}
