// React 19 act() support for ink-testing-library, and colour off so frames compare as text.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
process.env.FORCE_COLOR = '0';
