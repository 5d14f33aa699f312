// The cmi5 bridge of the player page (see cmi5.ts for the package and what it sends).
/** Runs after the SCORM bridge: on a cmi5 launch, `lms` speaks xAPI to the LMS's LRS instead. */
export const CMI5_BRIDGE_JS = String.raw`
(function () {
  var params = {};
  location.search.replace(/^\?/, '').split('&').forEach(function (pair) {
    if (!pair) return;
    var i = pair.indexOf('=');
    params[decodeURIComponent(pair.slice(0, i < 0 ? pair.length : i))] = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1).replace(/\+/g, ' '));
  });
  if (!params.endpoint || !params.fetch || !params.actor || !params.registration || !params.activityId) return;
  var endpoint = params.endpoint.replace(/\/?$/, '/');
  var actor = JSON.parse(params.actor);
  var token = null, launch = {}, open = false, done = false, reported = false;
  var startedAt = Date.now();
  var V = 'http://adlnet.gov/expapi/verbs/';
  var CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
  var MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, function (c) {
      var r = Math.random() * 16 | 0; return (c === 'x' ? r : (r & 3 | 8)).toString(16);
    });
  }
  function duration() { return 'PT' + ((Date.now() - startedAt) / 1000).toFixed(2) + 'S'; }
  function headers() {
    return { 'Authorization': 'Basic ' + token, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' };
  }
  function context(categories) {
    var t = launch.contextTemplate || {};
    var ctx = JSON.parse(JSON.stringify(t));
    ctx.registration = params.registration;
    ctx.contextActivities = ctx.contextActivities || {};
    if (categories) ctx.contextActivities.category = (ctx.contextActivities.category || []).concat(categories.map(function (id) { return { id: id }; }));
    return ctx;
  }
  var queue;
  // Statements wait in 'pending' until the launch data is in (their context comes from it); each step of the
  // queue posts all that are waiting, in order, as one request (xAPI takes a list).
  var pending = [];
  function build(p) {
    var statement = {
      id: uuid(), timestamp: p.timestamp, actor: actor,
      verb: { id: p.verb, display: { 'en-US': p.display } },
      object: p.object || { id: params.activityId, objectType: 'Activity' },
      context: context(p.categories)
    };
    if (p.extra) statement.result = p.extra;
    return statement;
  }
  function post() {
    if (!open || !pending.length) return null;
    var list = pending.splice(0).map(build);
    return fetch(endpoint + 'statements', {
      method: 'POST', headers: headers(), body: JSON.stringify(list.length === 1 ? list[0] : list), keepalive: true
    });
  }
  function send(verb, display, extra, categories, object) {
    pending.push({ verb: verb, display: display, extra: extra, categories: categories, object: object, timestamp: new Date().toISOString() });
    queue = queue.then(post).catch(function () {});
    return queue;
  }
  function stateUrl(stateId) {
    return endpoint + 'activities/state?stateId=' + encodeURIComponent(stateId) +
      '&activityId=' + encodeURIComponent(params.activityId) + '&agent=' + encodeURIComponent(params.actor) +
      '&registration=' + encodeURIComponent(params.registration);
  }
  // The player's compact state (the SCORM suspend data) lives in the AU's own state document, per registration.
  var SUSPEND = 'urn:ld-assistant:state:suspend-data';
  var resumed = '', ready = false, starters = [], fallback;
  function becomeReady() {
    if (ready) return;
    ready = true;
    clearTimeout(fallback);
    starters.splice(0).forEach(function (start) { start(); });
  }
  queue = fetch(params.fetch, { method: 'POST' }).then(function (r) { return r.json(); }).then(function (body) {
    token = body['auth-token'];
    return fetch(stateUrl('LMS.LaunchData'), { headers: headers() });
  }).then(function (r) { return r.json(); }).then(function (data) {
    launch = data || {};
    open = true;
    if (!normal()) return null;
    return fetch(stateUrl(SUSPEND), { headers: headers() }).then(function (r) {
      return r.ok && r.status === 200 ? r.json() : null;
    }).then(function (doc) {
      if (doc && typeof doc.suspendData === 'string') resumed = doc.suspendData;
    }).catch(function () {});
  }).catch(function () { open = false; }).then(becomeReady);
  // An LRS that never answers must not leave the learner with a blank page.
  fallback = setTimeout(becomeReady, 10000);
  send(V + 'initialized', 'initialized', null, [CMI5]);
  function normal() { return !launch.launchMode || launch.launchMode === 'Normal'; }
  function putState(method, body) {
    queue = queue.then(function () {
      if (!open) return null;
      return fetch(stateUrl(SUSPEND), { method: method, headers: headers(), body: body, keepalive: true });
    }).catch(function () {});
  }
  // The page is going away: what still waits goes now with 'terminated', in one request that outlives the page
  // (keepalive). Queued behind an answer still in flight, it was lost when the learner left at once.
  function finish() {
    if (done) return;
    done = true;
    pending.push({ verb: V + 'terminated', display: 'terminated', extra: { duration: duration() }, categories: [CMI5], timestamp: new Date().toISOString() });
    if (open) {
      var sent = post();
      if (sent) sent.catch(function () {});
    } else queue = queue.then(post).catch(function () {});
  }
  window.addEventListener('pagehide', finish);
  lms = {
    connected: function () { return true; },
    version: function () { return 'cmi5'; },
    ready: function (start) { if (ready) start(); else starters.push(start); },
    /** cmi5: the LMS's masteryScore (0-1) in LMS.LaunchData overrides the AU's pass mark. */
    passMark: function () {
      var m = launch.masteryScore;
      return typeof m === 'number' && m >= 0 && m <= 1 ? Math.round(m * 10000) / 100 : null;
    },
    resumed: function () { return resumed; },
    /** Keeps the state for a relaunch in the same registration (Normal mode only). */
    save: function (state) {
      if (!normal() || reported) return;
      putState('PUT', JSON.stringify({ suspendData: state }));
    },
    interaction: function (it) {
      send(V + 'answered', 'answered', {
        response: it.response,
        success: it.result === 'correct' ? true : it.result === 'incorrect' ? false : undefined
      }, null, {
        id: params.activityId + '/' + encodeURIComponent(it.id), objectType: 'Activity',
        definition: { type: 'http://adlnet.gov/expapi/activities/cmi.interaction', interactionType: it.type,
          description: it.description ? { 'en-US': it.description.slice(0, 250) } : undefined }
      });
    },
    report: function (percent, success) {
      if (reported || !normal()) return;
      reported = true;
      var scaled = Math.max(0, Math.min(100, Math.round(percent))) / 100;
      var passed = success === 'passed';
      send(V + (passed ? 'passed' : 'failed'), passed ? 'passed' : 'failed',
        { score: { scaled: scaled, raw: Math.round(scaled * 100), min: 0, max: 100 }, success: passed, duration: duration() },
        [CMI5, MOVEON]);
      send(V + 'completed', 'completed', { completion: true, duration: duration() }, [CMI5, MOVEON]);
      // The attempt is over: a relaunch starts afresh, as after a SCORM result.
      putState('DELETE');
    },
    finish: finish
  };
})();
`;
