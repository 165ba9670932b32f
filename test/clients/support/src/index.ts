export {
  joinTexts,
  type CompatClient,
  type CompatContent,
  type CompatMessage,
  type CompatToolOutcome,
  type InvalidArgumentsHandling,
} from './compat-client';
export { compatScenario, type CompatScenarioOptions } from './compat-scenario';
export { ensureNotesBuilt, notesOverHttp, notesOverStdio, NOTES_MAIN, type NotesEndpoint, type ServedNotes } from './notes-server';
