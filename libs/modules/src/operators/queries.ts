// What other modules may ask the operators module, as query classes that import nothing of the modules
// (the operators' index imports every module's names for the console, so importing it back would close
// an import circle). Handlers are registered by OperatorsModule.
export { IsOperatorSession } from './application/queries/is-operator-session/is-operator-session.query.js';
