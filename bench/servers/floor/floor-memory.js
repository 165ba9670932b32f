'use strict';
// The floor behind an SDK-shaped transport (the SDK's InMemoryTransport): messages arrive and
// leave as objects, as they do for the SDK and Armature servers on the same transport.

function serveFloorTransport(floor, transport) {
  transport.onmessage = (message) => {
    const response = floor.answer(message);
    if (response !== undefined) void transport.send(response);
  };
  return transport.start();
}

module.exports = { serveFloorTransport };
