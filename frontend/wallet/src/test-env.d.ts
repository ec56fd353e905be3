// The DOM matchers the wallet's component tests use (toBeInTheDocument, toHaveTextContent...).
/// <reference types="@testing-library/jest-dom/vitest" />
