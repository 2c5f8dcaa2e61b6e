// Package shipped checks the shipped code: every assembly file on its own
// at each level (TestShippedKernels), the path from the API to the kernels
// in every shipped build through both checks, whose front ends must agree
// (TestShippedBuilds), the build constraints of the files on the path
// (TestShippedConstraints), and what no model knows of the builds
// (TestShippedModelsKnowEverything). It reads every shipped build once.
package shipped
