// What the TUI needs to draw: React, Ink and the components. run-tui imports this module only when
// it starts the TUI (the CLI bundle makes it a chunk of its own, the compiled modules load it file
// by file), so -p and the subcommands never load React.
export { renderScreen } from './screen-render.js';
export { createElement } from 'react';
export { App } from '../../components/App.js';
export { KeyOwner } from './key-owner.js';
export { screenLayout } from '../../components/screen-layout.js';
export { startTheme } from './theme.js';
