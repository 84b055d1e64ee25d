/**
 * The widget's stylesheet. Hosts theme it through custom properties (`--lb-*`) and `::part()`;
 * `theme="dark"`/`"light"` overrides `prefers-color-scheme`; logical properties follow `dir`.
 *
 * @module
 */
export const styles = `
:host{--lb-accent:#1d4ed8;--lb-accent-text:#fff;--lb-bg:#fff;--lb-surface:#f3f4f6;--lb-text:#111827;--lb-muted:#4b5563;--lb-border:#9ca3af;--lb-error:#b91c1c;--lb-success:#166534;--lb-radius:.5rem;--lb-font:system-ui,sans-serif;--lb-space:1rem;color-scheme:light;accent-color:var(--lb-accent);display:block;font-family:var(--lb-font);color:var(--lb-text);background:var(--lb-bg);line-height:1.5;padding:var(--lb-space);border-radius:var(--lb-radius);container-type:inline-size}
:host([theme=dark]){color-scheme:dark;--lb-accent:#93c5fd;--lb-accent-text:#0b1220;--lb-bg:#111827;--lb-surface:#1f2937;--lb-text:#f9fafb;--lb-muted:#d1d5db;--lb-border:#6b7280;--lb-error:#fca5a5;--lb-success:#86efac}
@media (prefers-color-scheme:dark){:host(:not([theme=light])){color-scheme:dark;--lb-accent:#93c5fd;--lb-accent-text:#0b1220;--lb-bg:#111827;--lb-surface:#1f2937;--lb-text:#f9fafb;--lb-muted:#d1d5db;--lb-border:#6b7280;--lb-error:#fca5a5;--lb-success:#86efac}}
*{box-sizing:border-box}
h2{font-size:1.25rem;margin:0 0 calc(var(--lb-space)*.75)}
h3{font-size:1rem;margin:var(--lb-space) 0 .5rem}
p{margin:.25rem 0}
button,input,select,textarea{font:inherit;color:inherit}
input,select,textarea{background:var(--lb-bg);border:1px solid var(--lb-border);border-radius:calc(var(--lb-radius)*.6);padding:.45rem .6rem;width:100%}
button{cursor:pointer;border-radius:calc(var(--lb-radius)*.6);border:1px solid var(--lb-border);background:var(--lb-bg);padding:.45rem .8rem}
button:disabled{opacity:.45;cursor:default}
button.primary{background:var(--lb-accent);color:var(--lb-accent-text);border-color:var(--lb-accent);font-weight:600}
:focus-visible{outline:3px solid var(--lb-accent);outline-offset:2px}
h2:focus{outline:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pickers{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));margin-bottom:var(--lb-space)}
label{display:block;font-weight:600;margin-bottom:.25rem}
.layout{display:grid;gap:var(--lb-space)}
@container (min-width:40rem){.layout{grid-template-columns:minmax(0,1.3fr) minmax(0,1fr)}}
.month{display:flex;align-items:center;justify-content:space-between;gap:.5rem}
.month button{padding:.3rem .7rem}
[dir=rtl] .month .arrow,:host(:dir(rtl)) .month .arrow{transform:scaleX(-1)}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th{font-size:.8rem;color:var(--lb-muted);font-weight:600;padding:.25rem 0}
td{text-align:center;padding:2px}
td[role=gridcell]{border-radius:999px;padding:.45rem 0;color:var(--lb-muted);cursor:default}
td[data-free]{color:var(--lb-text);font-weight:700;background:var(--lb-surface);cursor:pointer}
td[aria-selected=true]{background:var(--lb-accent);color:var(--lb-accent-text)}
.times ul{list-style:none;margin:0;padding:0;display:grid;gap:.4rem;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr))}
.times button{width:100%}
.zone{color:var(--lb-muted);font-size:.9rem;margin-top:.5rem}
.hold{color:var(--lb-success);font-weight:600}
.fields{display:grid;gap:.75rem;margin:var(--lb-space) 0}
.check label{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}
.check .row{display:flex;gap:.75rem;flex-wrap:wrap;align-items:baseline}
.check input{width:auto;margin-top:.3rem}
a{color:var(--lb-accent)}
.field-error,.error{color:var(--lb-error);font-weight:600}
.field-error:empty,.error:empty{display:none}
.actions{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:var(--lb-space)}
.done{padding:var(--lb-space);background:var(--lb-surface);border-radius:var(--lb-radius)}
@media (prefers-reduced-motion:no-preference){button,td{transition:background-color .15s}}
`;
