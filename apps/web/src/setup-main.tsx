import { render } from 'preact';
import { SetupWizard } from './setup-wizard.js';
import './styles.css';

// The gateway serves this page only while the link's token can open the first workspace (routes/setup).
const token = new URLSearchParams(location.search).get('token') ?? '';
render(<SetupWizard token={token} />, document.getElementById('app')!);
