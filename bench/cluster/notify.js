'use strict';
// Cross-instance notification latency: filled in once the notification bus on Redis exists.
async function notifyLatency() {
  return { error: 'no notification bus on Redis in this build' };
}

module.exports = { notifyLatency };
