// The Glyph Forge as a module: the generator, its tones and presets, PNG export, and the
// picker that the forge and remix forms embed.
export { GLYPH_CANVAS, generateGlyph, type GeneratedGlyph, type GlyphSpec } from "./generate";
export { GlyphCanvas } from "./GlyphCanvas";
export { GlyphControls } from "./GlyphControls";
export { GlyphImage } from "./GlyphImage";
export { GlyphPicker } from "./GlyphPicker";
export { glyphPng, PNG_SIZE, pngFileName, saveBlob } from "./png";
export { GLYPH_PRESETS } from "./presets";
export { isTone, TONE_STYLES, TONES, type Tone } from "./tones";
export { useGlyphForge, type GlyphForgeState } from "./useGlyphForge";
