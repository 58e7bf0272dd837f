import React from 'react';
import { createRoot } from 'react-dom/client';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/table/lib/css/table.css';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import './styles.css';
import './phone.css';
import { App } from './app/App';
import { initI18n } from './lib/i18n';

// Not a top-level await: this module shares its script with the rest of the first screen, and a language's date
// formats, loaded here, import from that script, which would never finish evaluating while it waits for them.
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <App />
    </React.StrictMode>,
  ),
);
