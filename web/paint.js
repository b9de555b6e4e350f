// Plays a drawing recorded in Python (web/painter.py) onto a canvas 2D context, in one
// call: each call from Python into the browser is costly, a canvas call from JavaScript is
// not. The recording is JSON: ["=", property, value] sets a context property (a colour, or
// a linear gradient described as an object), [method, ...arguments] calls a context
// method, and the sprite operations keep pictures drawn once in canvases of their own.
// It holds no game logic: what to draw and where is decided in Python.

const METHODS = new Set([
  "setTransform", "clearRect", "fillRect", "beginPath", "roundRect", "moveTo", "lineTo", "arc",
  "fill", "stroke", "setLineDash", "fillText",
]);
const PROPERTIES = new Set([
  "fillStyle", "strokeStyle", "lineWidth", "font", "textAlign", "textBaseline", "globalAlpha",
]);
const STYLES = new Set(["fillStyle", "strokeStyle"]);

/** Sprites by key: their canvases. */
const sprites = new Map();

function makeCanvas(width, height) {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function sprite(key) {
  const found = sprites.get(key);
  if (!found) throw new Error(`dominoesPaint: no sprite ${key}`);
  return found;
}

function style(ctx, value) {
  if (typeof value !== "object" || value === null) return value;
  if (!value.linear) throw new Error(`dominoesPaint: no style ${JSON.stringify(value)}`);
  const made = ctx.createLinearGradient(...value.linear);
  for (const [offset, colour] of value.stops) made.addColorStop(offset, colour);
  return made;
}

function textOnPill(ctx, text, x, y, padding, background) {
  const width = ctx.measureText(text).width + 2 * padding;
  const height = parseFloat(ctx.font.match(/(\d+(?:\.\d+)?)px/)?.[1] ?? "12") + padding;
  const left = ctx.textAlign === "center" ? x - width / 2 : ctx.textAlign === "right" ? x - width : x;
  const fill = ctx.fillStyle;
  ctx.fillStyle = background;
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(left, y - height / 2, width, height, height / 2);
  else roundRect(ctx, left, y - height / 2, width, height, height / 2);
  ctx.fill();
  ctx.fillStyle = fill;
  ctx.fillText(text, ctx.textAlign === "left" ? x + padding : ctx.textAlign === "right" ? x - padding : x, y);
}

/** A rounded rectangle added to the path, for a browser whose canvas has no `roundRect`
 * (Chrome before 99, Firefox before 112): the same outline, drawn with arcs. */
function roundRect(ctx, x, y, width, height, radius) {
  const r = Math.max(0, Math.min(Number(radius) || 0, Math.abs(width) / 2, Math.abs(height) / 2));
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + width, y, x + width, y + height, r);
  ctx.arcTo(x + width, y + height, x, y + height, r);
  ctx.arcTo(x, y + height, x, y, r);
  ctx.arcTo(x, y, x + width, y, r);
  ctx.closePath();
}

/** Drilled pips (web/painter.py, Painter.pips): each centre's disc in `lit` moved `glint`
 * down, then in `colour` over it; the fill style is left `colour`. */
function pips(ctx, radius, glint, lit, colour, ...centres) {
  for (const [fill, shift] of [[lit, glint], [colour, 0]]) {
    ctx.beginPath();
    for (let i = 0; i < centres.length; i += 2) {
      ctx.moveTo(centres[i] + radius, centres[i + 1] + shift);
      ctx.arc(centres[i], centres[i + 1] + shift, radius, 0, 2 * Math.PI);
    }
    ctx.fillStyle = fill;
    ctx.fill();
  }
}

function play(ctx, operations) {
  for (const [name, ...rest] of operations) {
    if (name === "=") {
      const [property, value] = rest;
      if (!PROPERTIES.has(property)) throw new Error(`dominoesPaint: no property ${property}`);
      ctx[property] = STYLES.has(property) ? style(ctx, value) : value;
    } else if (name === "roundRect" && !ctx.roundRect) {
      roundRect(ctx, ...rest);
    } else if (METHODS.has(name)) {
      ctx[name](...rest);
    } else if (name === "drawSprite") {
      const [key, x, y] = rest;
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0); // device pixels: copied pixel for pixel
      ctx.drawImage(sprite(key), x, y);
      ctx.restore();
    } else if (name === "defineSprite") {
      const [key, width, height, ratio, drawing] = rest;
      const canvas = makeCanvas(Math.max(1, width), Math.max(1, height));
      const own = canvas.getContext("2d");
      own.setTransform(ratio, 0, 0, ratio, 0, 0);
      play(own, drawing);
      sprites.set(key, canvas);
    } else if (name === "forgetSprite") {
      sprites.delete(rest[0]);
    } else if (name === "pips") {
      pips(ctx, ...rest);
    } else if (name === "fillTextOnPill") {
      textOnPill(ctx, ...rest);
    } else {
      throw new Error(`dominoesPaint: no operation ${name}`);
    }
  }
}

window.dominoesPaint = (ctx, json) => play(ctx, JSON.parse(json));

/** The advance of each character of `characters` in `font` (web/text_metrics.py). */
window.dominoesMeasure = (font, characters) => {
  const ctx = makeCanvas(1, 1).getContext("2d");
  ctx.font = font;
  return [...characters].map((character) => ctx.measureText(character).width);
};
