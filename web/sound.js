// Sounds of the dominoes table, synthesized with Web Audio (no sound files to download):
// a tile laid, a tile drawn, a pass, points scored and the end of a hand. The Python app
// calls `dominoesSound.play(name)`; the player's choice (on or off) is remembered per
// kind of page: on by default on the table's own page, off by default in an embedded one.

const embedded = new URLSearchParams(window.location.search).get("embed") === "1";
const KEY = embedded ? "dominoes.embed.sound" : "dominoes.sound";
let context = null;
let on = readChoice();

function readChoice() {
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored === "on" || stored === "off") return stored === "on";
  } catch {
    // storage refused: the default holds for this visit
  }
  return !embedded;
}

/**
 * The audio context, once one is started (else null). Starting one costs the browser a
 * long task (about 90 ms with the CPU throttled 4x in headless Chromium), and a browser
 * plays nothing before the person's first tap or key anyway: so it is started then, in a
 * task of its own (see `wakeOnGestures`), never in the middle of a move.
 */
function audio() {
  if (context && context.state === "suspended") context.resume().catch(() => {});
  return context;
}

function start() {
  if (context || !on) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (Context) context = new Context();
}

/**
 * Starts sound at the person's first tap or key, and wakes it at every later one where the
 * browser has held it back. WebKit (every iPad browser) lets an audio context sound only from
 * inside a gesture that activates the page (a tap's `pointerup`, `touchend` or `click`, or a
 * key; never a `pointerdown`), and suspends it again when another app takes the sound
 * ("interrupted"): so each such gesture resumes a context that is not running, and plays a
 * silent sample with it, which older iPads need before they count the context as unlocked.
 * A check and nothing more once the sound is running.
 */
function wakeOnGestures() {
  const wake = () => {
    if (!on) return; // muted: start nothing until sound is turned on (a gesture itself)
    if (!context) {
      setTimeout(start, 0); // (a long task of its own, not the tap's: see `audio`)
      return;
    }
    if (context.state === "running" || context.state === "closed") return;
    try {
      const silence = context.createBufferSource();
      silence.buffer = context.createBuffer(1, 1, context.sampleRate);
      silence.connect(context.destination);
      silence.start(0);
    } catch {
      // an engine that refuses even this: the resume below is all there is
    }
    context.resume().catch(() => {});
  };
  for (const type of ["pointerdown", "pointerup", "touchend", "click", "keydown"]) {
    window.addEventListener(type, wake, { capture: true, passive: true });
  }
}

/** A short burst of filtered noise: the click of a tile (or the slide of one drawn). */
function noise(ctx, at, { seconds, frequency, q, gain, type = "bandpass" }) {
  const length = Math.ceil(ctx.sampleRate * seconds);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = type;
  filter.frequency.value = frequency;
  filter.Q.value = q;
  const level = ctx.createGain();
  level.gain.value = gain;
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(at);
}

/** A soft tone with a quick attack and a gentle fade. */
function tone(ctx, at, { frequency, seconds, gain, type = "sine" }) {
  const oscillator = ctx.createOscillator();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  const level = ctx.createGain();
  level.gain.setValueAtTime(0.0001, at);
  level.gain.exponentialRampToValueAtTime(gain, at + 0.015);
  level.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(level).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
}

const SOUNDS = {
  lay: (ctx, t) => {
    noise(ctx, t, { seconds: 0.05, frequency: 2400, q: 1.2, gain: 0.9 });
    tone(ctx, t, { frequency: 180, seconds: 0.06, gain: 0.12, type: "triangle" });
  },
  draw: (ctx, t) => noise(ctx, t, { seconds: 0.16, frequency: 900, q: 0.7, gain: 0.5, type: "lowpass" }),
  pass: (ctx, t) => {
    tone(ctx, t, { frequency: 392, seconds: 0.12, gain: 0.12 });
    tone(ctx, t + 0.1, { frequency: 294, seconds: 0.16, gain: 0.12 });
  },
  score: (ctx, t) => [523, 659, 784].forEach((f, i) => tone(ctx, t + i * 0.07, { frequency: f, seconds: 0.18, gain: 0.13 })),
  end: (ctx, t) => [392, 494, 587, 784].forEach((f) => tone(ctx, t, { frequency: f, seconds: 0.6, gain: 0.07 })),
  // Two dice rattling onto the table: short knocks, each a little lower and softer.
  roll: (ctx, t) =>
    [0, 0.06, 0.13, 0.22, 0.34].forEach((d, i) =>
      noise(ctx, t + d, { seconds: 0.035, frequency: 2000 - i * 220, q: 1.6, gain: 0.7 - i * 0.1 }),
    ),
};

const sound = {
  /** The sounds asked for so far, newest last (at most 50): what the tests read. */
  played: [],
  /** The audio context's state: `none` before it is started, else the browser's own
   * (`suspended`, `running`, WebKit's `interrupted`, `closed`). */
  get state() {
    return context ? context.state : "none";
  },
  get on() {
    return on;
  },
  /** Turn sound on or off, and remember the choice. */
  setOn(value) {
    on = Boolean(value);
    try {
      window.localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // not kept: the choice lasts for this visit
    }
    if (on) setTimeout(start, 0); // (turning sound on is itself a tap or a key)
  },
  /** Play one of the table's sounds (names: lay, draw, pass, score, end, roll), if sound is on. */
  play(name) {
    if (!on || !(name in SOUNDS)) return;
    sound.played.push(name);
    if (sound.played.length > 50) sound.played.shift();
    const ctx = audio();
    if (!ctx) return;
    try {
      SOUNDS[name](ctx, ctx.currentTime + 0.005);
    } catch (error) {
      console.warn("A sound could not be played.", error);
    }
  },
};

window.dominoesSound = sound;
export default sound;

/** The mute toggle in the top bar: pressed while sound is on. */
function wireButton() {
  const button = document.getElementById("sound-btn");
  if (!button) return;
  const show = () => {
    button.setAttribute("aria-pressed", String(on));
    button.title = on ? "Sound is on: turn it off" : "Sound is off: turn it on";
  };
  show();
  button.addEventListener("click", () => {
    sound.setOn(!on);
    show();
  });
}

wireButton();
wakeOnGestures();
