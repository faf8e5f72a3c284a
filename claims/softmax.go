package claims

func addSoftmaxKinds(map[string]kindSpec) {}
