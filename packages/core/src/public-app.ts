// Public exports of the application layer (decorators, app, results, validation).
export {};
